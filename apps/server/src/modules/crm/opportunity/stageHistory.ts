import { sql } from 'drizzle-orm';
import type { StagePeriod } from '@orbit/shared/crm/opportunityStages';
import type { Db } from '../../../db/client';
import type { CurrentUser } from '../../auth/currentUser';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { recordAccess } from '../engine/query/recordAccess';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';
import { notFound } from '../../../lib/errors';

const DAY = 86_400_000;

type StageChange = { oldValue: unknown; newValue: unknown; time: Date };

/**
 * The stages an opportunity went through, from its field history (the convention the demo data
 * follows too): it entered its first stage when it was created — the old value of the first stage
 * change, or the current stage when it never changed — and each later one at the change's time.
 */
export function stagePeriods(created: Date, currentStage: string, changes: StageChange[], now = new Date()): StagePeriod[] {
  const entries: Array<{ stage: string; at: Date }> = [{ stage: String(changes[0]?.oldValue ?? currentStage), at: created }];
  for (const change of changes) entries.push({ stage: String(change.newValue ?? ''), at: change.time });
  return entries.map((entry, i) => {
    const left = entries[i + 1]?.at ?? null;
    return {
      stage: entry.stage,
      enteredAt: entry.at.toISOString(),
      leftAt: left?.toISOString() ?? null,
      days: Math.max(0, Math.floor(((left ?? now).getTime() - entry.at.getTime()) / DAY)),
    };
  });
}

/** `GET /crm/opportunity/{id}/stageHistory`: an opportunity within the caller's scope (else 404, like a missing one). */
export async function stageHistoryOf(db: Db, meta: MetadataStore, user: CurrentUser, id: number): Promise<StagePeriod[]> {
  const def = meta.module('opportunity');
  const scope = recordAccess(user, 'opportunity', 'read');
  const stage = col(def.byName.get('stage')!.column);
  const [record] = await rowsOf<{ stage: string; create_time: unknown }>(
    db,
    sql`select ${stage} as stage, create_time from ${tableOf(def.table)} where id = ${id} and ${PRESENT}${scope ? sql` and ${scope}` : sql``}`,
  );
  if (!record) throw notFound('record.notFound');
  const changes = await rowsOf<{ old_value: unknown; new_value: unknown; create_time: unknown }>(
    db,
    sql`select old_value, new_value, create_time from crm_record_history
        where module = 'opportunity' and record_id = ${id} and field = 'stage' order by id`,
  );
  const toDate = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return stagePeriods(
    toDate(record.create_time),
    record.stage,
    changes.map((c) => ({ oldValue: c.old_value, newValue: c.new_value, time: toDate(c.create_time) })),
  );
}
