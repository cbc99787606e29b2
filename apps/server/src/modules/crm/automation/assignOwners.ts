import { SQL, sql } from 'drizzle-orm';
import { ASSIGNMENT_MODULES, type AssignmentTarget } from '@orbit/shared/contract/automation';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { Executor } from '../../../db/client';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { compileFilter } from '../engine/query/filterCompiler';
import { rowsOf, tableOf } from '../engine/query/sql';
import { deptOfOwner } from '../engine/records/moduleRecords';
import { NO_CACHE, type WriteCache } from '../engine/records/writeCache';

type ActiveRule = { id: number; conditions: FilterNode | null; target: AssignmentTarget; targetId: number };

const hasRules = (module: string) => (ASSIGNMENT_MODULES as readonly string[]).includes(module);

/** The module's active entries, first to last. */
async function activeRules(tx: Executor, module: string): Promise<ActiveRule[]> {
  const rows = await rowsOf<{ id: unknown; conditions: FilterNode | null; target: AssignmentTarget; target_id: unknown }>(
    tx,
    sql`select id, conditions, target, target_id from crm_assignment_rule where module = ${module} and active order by position, id`,
  );
  return rows.map((r) => ({ id: Number(r.id), conditions: r.conditions, target: r.target, targetId: Number(r.target_id) }));
}

/**
 * `case when <entry 1's conditions> then 0 when … end`: the index of the first entry a row meets,
 * by the list filters' own compiler. An entry whose conditions no longer compile (a field deleted
 * since it was saved) matches nothing, rather than refusing every create.
 */
function firstMatch(def: ModuleDef, rules: ActiveRule[]): SQL {
  const whens = rules.flatMap((rule, i) => {
    try {
      const where = rule.conditions ? compileFilter(rule.conditions, def, 'en') : undefined;
      return [sql`when ${where ?? sql`true`} then ${i}::int`];
    } catch {
      return [];
    }
  });
  return whens.length ? sql`case ${sql.join(whens, sql` `)} else null end` : sql`null::int`;
}

/** The users an entry hands records to now: active ones, by id (the round-robin order). */
async function candidates(tx: Executor, rule: ActiveRule): Promise<number[]> {
  const active = sql`u.del_flag = '0' and u.status = '0'`;
  const query =
    rule.target === 'user'
      ? sql`select u.user_id from sys_user u where u.user_id = ${rule.targetId} and ${active}`
      : rule.target === 'dept'
        ? sql`select u.user_id from sys_user u where u.dept_id = ${rule.targetId} and ${active} order by u.user_id`
        : sql`select u.user_id from sys_user u join sys_user_role ur on ur.user_id = u.user_id join sys_role r on r.role_id = ur.role_id
              where ur.role_id = ${rule.targetId} and r.del_flag = '0' and r.status = '0' and ${active} order by u.user_id`;
  return (await rowsOf<{ user_id: unknown }>(tx, query)).map((r) => Number(r.user_id));
}

/**
 * The owners of `count` records an entry matched, in turn. A round-robin entry takes `count` slots
 * of its pointer with one `UPDATE … RETURNING`: the row stays locked until the create's transaction
 * ends, so a concurrent create waits and takes the slots after these (never the same ones), and a
 * create rolled back gives its slots back. Null when the entry has nobody to hand records to.
 */
async function takeOwners(tx: Executor, rule: ActiveRule, count: number): Promise<number[] | null> {
  const users = await candidates(tx, rule);
  if (!users.length) return null;
  if (rule.target === 'user') return Array.from({ length: count }, () => users[0]!);
  const [row] = await rowsOf<{ next_slot: unknown }>(tx, sql`update crm_assignment_rule set next_slot = next_slot + ${count} where id = ${rule.id} returning next_slot`);
  const start = Number(row!.next_slot) - count;
  return Array.from({ length: count }, (_, j) => users[(start + j) % users.length]!);
}

/** A column value as JSON the table's row type reads back (an SQL expression — a default — is left out). */
const plain = (columns: Record<string, unknown>) => Object.fromEntries(Object.entries(columns).filter(([, v]) => !(v instanceof SQL)));

/**
 * Gives new records (their columns, about to be inserted) the owner of the first assignment entry
 * each meets, before they are written, so that their department (data scope), history and record
 * events carry the final owner. All rows are evaluated by one statement whatever their number (an
 * import's batch): the rows as the table's own row type (`json_populate_recordset`), so the
 * conditions compile exactly as a list's filter on the table. A row no entry matches keeps its owner.
 */
export async function assignOwners(tx: Executor, def: ModuleDef, rows: Array<Record<string, unknown>>, cache: WriteCache = NO_CACHE): Promise<void> {
  if (!rows.length || !hasRules(def.module)) return;
  const rules = await cache.remember(`assignmentRules\u0001${def.module}`, () => activeRules(tx, def.module));
  if (!rules.length) return;
  const hits = await rowsOf<{ n: unknown; hit: unknown }>(
    tx,
    sql`select ordinality as n, ${firstMatch(def, rules)} as hit
      from json_populate_recordset(null::${tableOf(def.table)}, ${JSON.stringify(rows.map(plain))}::json) with ordinality`,
  );
  await handOut(tx, rules, hits, cache, (at, owner, dept) => {
    rows[at]!.owner_id = owner;
    rows[at]!.dept_id = dept;
  });
}

/** Gives each row a rule matched its owner; rules in order, so slots are taken in a fixed order (no deadlock between two creates). */
async function handOut(tx: Executor, rules: ActiveRule[], hits: Array<{ n: unknown; hit: unknown }>, cache: WriteCache, set: (at: number, owner: number, dept: number | null) => void) {
  const byRule = new Map<number, number[]>();
  for (const h of hits) {
    if (h.hit === null || h.hit === undefined) continue;
    const list = byRule.get(Number(h.hit)) ?? [];
    list.push(Number(h.n) - 1);
    byRule.set(Number(h.hit), list);
  }
  for (const [index, rule] of rules.entries()) {
    const at = byRule.get(index);
    if (!at) continue;
    const owners = await takeOwners(tx, rule, at.length);
    if (!owners) continue;
    for (const [j, row] of at.entries()) set(row, owners[j]!, await deptOfOwner(tx, owners[j]!, cache));
  }
}

/**
 * The owner the assignment entries give an existing record now (the workflow action "assign by
 * the assignment rules"), or null when none matches or its target has nobody.
 */
export async function ownerByRules(tx: Executor, def: ModuleDef, recordId: number): Promise<number | null> {
  if (!hasRules(def.module)) return null;
  const rules = await activeRules(tx, def.module);
  if (!rules.length) return null;
  const hits = await rowsOf<{ n: unknown; hit: unknown }>(tx, sql`select 1 as n, ${firstMatch(def, rules)} as hit from ${tableOf(def.table)} where id = ${recordId}`);
  let owner: number | null = null;
  await handOut(tx, rules, hits, NO_CACHE, (_, o) => (owner = o));
  return owner;
}
