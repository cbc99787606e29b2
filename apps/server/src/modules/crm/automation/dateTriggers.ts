import { and, eq, sql } from 'drizzle-orm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db } from '../../../db/client';
import { crmWorkflowRule } from '../../../db/schema/automation';
import { compileFilter } from '../engine/query/filterCompiler';
import { col, PRESENT, tableOf } from '../engine/query/sql';
import { metadataOf } from '../engine/metadata/metadataStore';

/** A date reached while no process ran (a restart, a long outage) is still acted on within this many days. */
const CATCH_UP_DAYS = 7;

/**
 * The date triggers: for each active rule "date field ± N days reached", queues a run for every
 * record (meeting its conditions) whose day came within the last CATCH_UP_DAYS. The run's
 * `due_key` is the field's day, unique per rule and record, so a record is run once per date —
 * and again if its date moves. Answers how many runs it queued.
 */
export async function queueDateTriggers(db: Db): Promise<number> {
  const meta = metadataOf(db);
  await meta.fresh();
  const rules = await db.select().from(crmWorkflowRule).where(and(eq(crmWorkflowRule.active, true), sql`${crmWorkflowRule.trigger}->>'kind' = 'dateReached'`));
  let queued = 0;
  for (const rule of rules) {
    if (rule.trigger.kind !== 'dateReached') continue;
    const def = meta.module(rule.module as CrmModule);
    const field = def.byName.get(rule.trigger.field);
    if (!field || (field.type !== 'date' && field.type !== 'datetime')) continue;
    const day = sql`(${col(field.column)})::date + ${rule.trigger.offsetDays}::int`;
    let where = sql`${PRESENT} and ${day} <= current_date and ${day} > current_date - ${CATCH_UP_DAYS}::int`;
    try {
      const conditions = rule.conditions ? compileFilter(rule.conditions, def, 'en') : undefined;
      if (conditions) where = sql`${where} and ${conditions}`;
    } catch {
      continue;
    }
    const inserted = await db.execute(sql`
      insert into crm_workflow_run (rule_id, module, record_id, due_key)
      select ${rule.id}, ${rule.module}, id, (${col(field.column)})::date::text from ${tableOf(def.table)} where ${where}
      on conflict do nothing returning id`);
    queued += (inserted as unknown as { rows?: unknown[] }).rows?.length ?? 0;
  }
  return queued;
}
