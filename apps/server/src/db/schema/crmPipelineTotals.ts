import { bigint, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';

/**
 * The pipeline board's column totals kept per (department, owner, stage) of the present (not
 * deleted) opportunities, so that a board without filters sums a few hundred rows instead of
 * aggregating every deal its user may see. Written only by the triggers on crm_opportunity of
 * migration 0014 (every write path, the engine's or not); read by the board
 * (modules/crm/opportunity/pipelineTotals.ts). A key whose deals all left keeps its row at zero:
 * the keys are bounded by owners × stages, and a row that is never deleted cannot race a
 * concurrent insert of the same key.
 *
 * The columns are named like crm_opportunity's own so that the data scope's conditions
 * (`dept_id`, `owner_id`) apply to this table unchanged. Department and stage may be null like
 * theirs, hence the key's `nulls not distinct`.
 */
export const crmOpportunityPipelineTotal = pgTable(
  'crm_opportunity_pipeline_total',
  {
    deptId: bigint('dept_id', { mode: 'number' }),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    stage: text('stage'),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    /** Σ amount (null amounts count as nothing). */
    amount: numeric('amount').notNull().default('0'),
    /** Σ amount × probability: the weighted amount is this / 100, divided once when read. */
    amountProbability: numeric('amount_probability').notNull().default('0'),
  },
  (t) => [unique('crm_opportunity_pipeline_total_key').on(t.deptId, t.ownerId, t.stage).nullsNotDistinct()],
);
