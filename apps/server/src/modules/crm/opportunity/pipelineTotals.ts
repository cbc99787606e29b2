import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { BoardTotal } from '../engine/board/boardTotals';
import type { FieldDef } from '../engine/metadata/fieldDef';
import { rowsOf, tableOf } from '../engine/query/sql';
import { PIPELINE_SUMS } from './opportunity.seed';

/**
 * The board's totals per stage from crm_opportunity_pipeline_total (kept by triggers, migration
 * 0014), for a board grouped by stage that nothing but the data and owner scope narrows (the
 * engine asks only then: `keptBoardTotals`). Its rows are per (department, owner, stage) and its
 * columns are named like the opportunity table's, so the same scope conditions select them: a few
 * hundred rows instead of every deal the user may see. The sums are the seed's board sums, computed
 * as the engine's grouped statement computes them (Σ amount; Σ amount × probability / 100, rounded
 * once), so both answer the same to the cent.
 */
export async function keptPipelineTotals(db: Db, field: FieldDef, byOwner: SQL[]): Promise<BoardTotal[] | undefined> {
  if (field.name !== 'stage') return undefined;
  const rounded = (sum: SQL) => sql`coalesce(${sum}, 0)::numeric(36, 2)::text`;
  const matching = byOwner.length ? sql`where ${sql.join(byOwner, sql` and `)}` : sql``;
  const rows = await rowsOf<{ stage: string | null; count: unknown; amount: string; weighted: string }>(
    db,
    sql`select stage, sum(count) as count, ${rounded(sql`sum(amount)`)} as amount, ${rounded(sql`sum(amount_probability) / 100`)} as weighted
        from ${tableOf('crm_opportunity_pipeline_total')} ${matching} group by stage`,
  );
  return rows
    .filter((r) => Number(r.count) !== 0)
    .map((r) => ({ value: r.stage, count: Number(r.count), sums: { [PIPELINE_SUMS.amount]: r.amount, [PIPELINE_SUMS.weighted]: r.weighted } }));
}
