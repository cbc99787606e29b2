import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { RuleRecipient, RuleState, SharingRule, SharingRuleBody } from '@orbit/shared/contract/sharing';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { Executor } from '../../../db/client';
import { badRequest, notFound } from '../../../lib/errors';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { compileFilter } from '../engine/query/filterCompiler';
import { rowsOf, tableOf } from '../engine/query/sql';

const asBool = (v: unknown) => v === true || v === 't' || v === 'true';

export type RuleRow = { id: number; module: CrmModule; filter: FilterNode; recipientKind: RuleRecipient; recipientId: number; canWrite: boolean; createBy: number; updateTime: string };

// The update time is the rule's version (its job stops when it moves on): kept to the millisecond, as text, so it round-trips exactly.
const ruleColumns = sql`r.id, r.name, r.module, r.filter, r.recipient_kind, r.recipient_id, r.can_write, r.state, r.done, r.total, r.create_by,
  to_char(r.update_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as update_time`;
const NOW_MS = sql`date_trunc('milliseconds', now())`;

const toRule = (r: Record<string, unknown>): RuleRow => ({
  id: Number(r.id),
  module: String(r.module) as CrmModule,
  filter: (typeof r.filter === 'string' ? JSON.parse(r.filter) : r.filter) as FilterNode,
  recipientKind: String(r.recipient_kind) as RuleRecipient,
  recipientId: Number(r.recipient_id),
  canWrite: asBool(r.can_write),
  createBy: Number(r.create_by),
  updateTime: String(r.update_time),
});

/**
 * The rule's condition on its module's table (unaliased columns), compiled by the list filters'
 * compiler: the same grammar, the same checks, the same SQL a list with that filter runs.
 */
export function ruleCondition(meta: MetadataStore, rule: Pick<RuleRow, 'module' | 'filter'>, lang: Language): SQL {
  return compileFilter(rule.filter, meta.module(rule.module), lang) ?? sql`true`;
}

/** Set-up › Sharing › Sharing rules: every rule with its recipient's name, its recalculation and how many records it shares. */
export async function sharingRules(db: Executor): Promise<SharingRule[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select ${ruleColumns},
          case r.recipient_kind when 'role' then (select role_name from sys_role where role_id = r.recipient_id)
            else (select dept_name from sys_dept where dept_id = r.recipient_id) end as recipient_name,
          (select count(*) from crm_record_share s where s.rule_id = r.id) as matched
        from crm_sharing_rule r order by r.module, r.id`,
  );
  return rows.map((r) => ({
    ...toRule(r),
    name: String(r.name),
    recipientName: String(r.recipient_name ?? ''),
    state: String(r.state) as RuleState,
    done: Number(r.done),
    total: r.total === null ? null : Number(r.total),
    matched: Number(r.matched),
  }));
}

export async function ruleById(db: Executor, id: number, lock = false): Promise<RuleRow> {
  const [row] = await rowsOf<Record<string, unknown>>(db, sql`select ${ruleColumns} from crm_sharing_rule r where r.id = ${id}${lock ? sql` for update` : sql``}`);
  if (!row) throw notFound('sharing.ruleNotFound');
  return toRule(row);
}

/** A role or department in use (the rule's recipient). */
async function checkRecipient(db: Executor, kind: RuleRecipient, id: number): Promise<void> {
  const query = kind === 'role' ? sql`select 1 from sys_role where role_id = ${id} and del_flag = '0'` : sql`select 1 from sys_dept where dept_id = ${id} and del_flag = '0'`;
  if (!(await rowsOf(db, query)).length) throw badRequest('sharing.badRecipient');
}

/**
 * Saves a rule (new when `id` is absent) in the caller's transaction, queued for recalculation: its
 * filter must compile against the module (an unknown field or a bad value is a 400, nothing saved).
 */
export async function saveRule(tx: Executor, meta: MetadataStore, body: SharingRuleBody, lang: Language, by: number, id?: number): Promise<number> {
  ruleCondition(meta, body, lang);
  await checkRecipient(tx, body.recipientKind, body.recipientId);
  if (id === undefined) {
    const [row] = await rowsOf<{ id: unknown }>(
      tx,
      sql`insert into crm_sharing_rule (name, module, filter, recipient_kind, recipient_id, can_write, state, create_by, update_time)
          values (${body.name}, ${body.module}, ${JSON.stringify(body.filter)}::jsonb, ${body.recipientKind}, ${body.recipientId}, ${body.canWrite}, 'queued', ${by}, ${NOW_MS}) returning id`,
    );
    return Number(row!.id);
  }
  const current = await ruleById(tx, id, true);
  // A rule moved to another module leaves nothing behind in the old one.
  if (current.module !== body.module) await tx.execute(sql`delete from crm_record_share where rule_id = ${id}`);
  await tx.execute(
    sql`update crm_sharing_rule set name = ${body.name}, module = ${body.module}, filter = ${JSON.stringify(body.filter)}::jsonb,
          recipient_kind = ${body.recipientKind}, recipient_id = ${body.recipientId}, can_write = ${body.canWrite},
          state = 'queued', done = 0, total = null, update_time = ${NOW_MS} where id = ${id}`,
  );
  return id;
}

/** Deletes a rule and, in the same transaction, every share it made: its recipients lose them on their next request. */
export async function deleteRule(tx: Executor, id: number): Promise<void> {
  await ruleById(tx, id, true);
  await tx.execute(sql`delete from crm_record_share where rule_id = ${id}`);
  await tx.execute(sql`delete from crm_sharing_rule where id = ${id}`);
}

/**
 * Brings the rule's shares of the records `among` (a condition on the module's table) in line with
 * its filter: the shares of records no longer matching go, those of records now matching come, and
 * the ones kept take the rule's current recipient and level. Two statements, whatever the number of
 * records; returns how many records of `among` match.
 */
export async function materialiseRule(tx: Executor, meta: MetadataStore, rule: RuleRow, among: SQL, lang: Language): Promise<number> {
  const table = tableOf(meta.module(rule.module).table);
  const matches = ruleCondition(meta, rule, lang);
  await tx.execute(
    sql`delete from crm_record_share s where s.rule_id = ${rule.id} and s.record_id in (select id from ${table} where ${among})
          and (s.recipient_kind <> ${rule.recipientKind} or s.recipient_id <> ${rule.recipientId} or s.can_write <> ${rule.canWrite}
               or s.record_id not in (select id from ${table} where ${among} and ${matches}))`,
  );
  const inserted = await rowsOf<{ n: unknown }>(
    tx,
    sql`with added as (
          insert into crm_record_share (module, record_id, recipient_kind, recipient_id, can_write, shared_by, rule_id)
          select ${rule.module}, id, ${rule.recipientKind}, ${rule.recipientId}, ${rule.canWrite}, ${rule.createBy}, ${rule.id}
          from ${table} where ${among} and ${matches}
          on conflict (rule_id, record_id) where rule_id is not null do nothing returning 1)
        select (select count(*) from added) as n`,
  );
  return Number(inserted[0]?.n ?? 0);
}

/**
 * Keeps the module's rules current for the records a write just changed, inside the write's own
 * transaction (docs/architecture.md, "Sharing rules"): a record saved matching a rule is shared as
 * it commits, one that stops matching loses the share in the same commit. A module without rules
 * costs one read of a small indexed table.
 */
export async function applySharingRules(tx: Executor, meta: MetadataStore, module: CrmModule, ids: number[], lang: Language): Promise<void> {
  if (!ids.length) return;
  const rules = await rowsOf<Record<string, unknown>>(tx, sql`select ${ruleColumns} from crm_sharing_rule r where r.module = ${module} order by r.id`);
  const among = sql`id in ${[...new Set(ids)]}`;
  for (const rule of rules) await materialiseRule(tx, meta, toRule(rule), among, lang);
}
