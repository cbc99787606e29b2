import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';

/** One stage's totals: amounts as decimal strings rounded to cents. */
export type StageTotal = { stage: string | null; count: unknown; amount: unknown; weighted: unknown };

/** What decides the board's rows (records.listConditions): the owner and department conditions, and the others. */
export type BoardConditions = { byOwner: SQL[]; filters: SQL[] };

/**
 * The board's totals per stage of the opportunities `conditions` match. Without filters they are
 * read from crm_opportunity_pipeline_total (kept by triggers, migration 0014), whose rows are per
 * (department, owner, stage) and whose columns are named like the opportunity table's, so the same
 * data and owner scope conditions select them: a few hundred rows instead of every deal the user may
 * see. With a filter (a view's, the request's, a quick search) the matching rows are aggregated.
 * Both compute the weighted amount as Σ(amount × probability) / 100, rounded once, so they agree
 * to the cent.
 */
export async function stageTotals(db: Db, def: ModuleDef, { byOwner, filters }: BoardConditions): Promise<StageTotal[]> {
  const rounded = (sum: SQL) => sql`coalesce(${sum}, 0)::numeric(18,2)::text`;
  if (!filters.length) {
    const matching = byOwner.length ? sql`where ${sql.join(byOwner, sql` and `)}` : sql``;
    return rowsOf<StageTotal>(
      db,
      sql`select stage, sum(count) as count, ${rounded(sql`sum(amount)`)} as amount, ${rounded(sql`sum(amount_probability) / 100`)} as weighted
          from ${tableOf('crm_opportunity_pipeline_total')} ${matching} group by stage`,
    );
  }
  const column = (name: string) => col(def.byName.get(name)!.column);
  const [stage, amount, probability] = [column('stage'), column('amount'), column('probability')];
  return rowsOf<StageTotal>(
    db,
    sql`select ${stage} as stage, count(*) as count, ${rounded(sql`sum(${amount})`)} as amount,
          ${rounded(sql`sum(${amount} * coalesce(${probability}, 0)) / 100`)} as weighted
        from ${tableOf(def.table)} where ${sql.join([PRESENT, ...byOwner, ...filters], sql` and `)} group by ${stage}`,
  );
}
