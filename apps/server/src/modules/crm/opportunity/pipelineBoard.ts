import { sql, type SQL } from 'drizzle-orm';
import type { PipelineBoard, PipelineBoardQuery } from '@orbit/shared/crm/opportunityStages';
import type { Db } from '../../../db/client';
import type { FieldDef } from '../engine/metadata/fieldDef';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { selectList, toRecord } from '../engine/query/recordColumns';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';
import { lookupLabels } from '../engine/records/lookupLabels';
import { createRecordsService } from '../engine/records/recordsService';
import type { Caller } from '../engine/records/moduleRecords';
import { stageTotals } from './pipelineTotals';
import { loadStages } from './stages';

/** What a card shows (the board's web page draws these). */
const CARD_FIELDS = ['name', 'accountId', 'amount', 'closeDate', 'stage', 'probability', 'ownerId'];

/**
 * The pipeline board: one column per stage (dictionary order) with its totals over every
 * opportunity the list would show with the same view, filter, quick search and owner scope, data
 * scope included (pipelineTotals.ts: kept totals when nothing but the scope applies) — and its first cards, soonest close date first (the
 * list's `orderByColumn=closeDate&isAsc=asc`, so "load more" is the list filtered on the stage).
 */
export function createPipelineBoard(db: Db, meta: MetadataStore) {
  const records = createRecordsService(db, 'opportunity');

  return async function board(caller: Caller, query: PipelineBoardQuery): Promise<PipelineBoard> {
    const def = meta.module('opportunity');
    const field = (name: string): FieldDef => def.byName.get(name)!;
    const [stage, closeDate] = ['stage', 'closeDate'].map((n) => col(field(n).column)) as [SQL, SQL];
    const conditions = await records.listConditions(caller, query);
    const matching = sql.join([PRESENT, ...conditions.byOwner, ...conditions.filters], sql` and `);
    const table = tableOf(def.table);
    const stages = await loadStages(db, caller.lang);

    const totals = await stageTotals(db, def, conditions);
    const byStage = new Map(totals.map((t) => [t.stage, t]));

    const fields = CARD_FIELDS.map(field);
    const cardRows =
      query.cards > 0 && stages.length
        ? await rowsOf(
            db,
            sql`select c.* from unnest(array[${sql.join(stages.map((s) => sql`${s.value}`), sql`, `)}]::text[]) as board(board_stage)
                cross join lateral (
                  select ${selectList(fields)} from ${table} where ${matching} and ${stage} = board.board_stage
                  order by ${closeDate} asc nulls first, id asc limit ${query.cards}
                ) c`,
          )
        : [];
    const cards = cardRows.map((r) => toRecord(r, fields));

    return {
      columns: stages.map((s) => {
        const t = byStage.get(s.value);
        return {
          stage: s.value,
          count: Number(t?.count ?? 0),
          amount: String(t?.amount ?? '0.00'),
          weightedAmount: String(t?.weighted ?? '0.00'),
          cards: cards.filter((c) => c.stage === s.value),
        };
      }),
      lookups: await lookupLabels(db, meta, caller.user, cards, fields, caller.lang),
    };
  };
}
