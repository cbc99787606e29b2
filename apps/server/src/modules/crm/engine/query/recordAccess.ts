import { sql, type SQL } from 'drizzle-orm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { CurrentUser } from '../../../auth/currentUser';
import { participantOf } from './participants';
import { recordScope } from './recordScope';

/** What a caller wants to do with the rows: see them, or change / delete / restore them. */
export type AccessLevel = 'read' | 'write';

/**
 * How the share term is written: `set` (the user's shared ids read once into a hash: a filter over
 * many rows) or `probe` (an index probe per row: a column computed for a page's few rows, where
 * reading every shared id would cost more than the page — 32 ms of a manager's 151 ms page with
 * 120,000 leads shared with her, bench/README.md).
 */
export type ShareForm = 'set' | 'probe';

/**
 * The access predicate (docs/architecture.md, "Sharing"): the rows of a module the user may read
 * or write, as ONE SQL condition every path uses — lists, detail, search, lookups, reports,
 * exports, the board, the recycle bin and every write's lock. It is an OR of reasons:
 *
 *   role data scope · module default (Set-up › Sharing) · share (by hand or by a sharing rule) · team
 *
 * A module default that opens the module at the level asked needs no condition at all (undefined,
 * like an administrator), so a public module costs nothing. A sharing rule's matches are share rows
 * tagged with the rule (sharing/sharingRules.ts), so "shared with me" covers both. The share term is
 * there only for a module with a record shared with the user (`sharedModules`), the team term only
 * for a module the user reaches through a team (`teamModules`), both read with the session: everyone
 * else's queries (and plans) stay as the data scope alone makes them. `alias`: the module table's
 * alias in a statement joining several.
 */
export function recordAccess(user: CurrentUser, module: CrmModule, level: AccessLevel, alias?: string, form: ShareForm = 'set'): SQL | undefined {
  const role = recordScope(user, alias);
  if (!role) return undefined;
  const open = user.moduleAccess?.[module];
  if (open === 'readwrite' || (open === 'read' && level === 'read')) return undefined;
  const terms = [role];
  if (user.sharedModules?.includes(module)) terms.push(form === 'probe' ? sharedWithRow(user, module, level, alias) : sharedWith(user, module, level, alias));
  const team = user.teamModules?.includes(module) ? teamOf(user, module, level, alias) : undefined;
  if (team) terms.push(team);
  return terms.length === 1 ? role : sql`(${sql.join(terms, sql` or `)})`;
}

/** Whether the predicate of the module goes beyond the owner and department columns for this user (a share or a team widens it). */
export const widensScope = (user: CurrentUser, module: CrmModule): boolean =>
  Boolean(user.sharedModules?.includes(module) || user.teamModules?.includes(module));

/**
 * Rows a user may open: `recordAccess` at `read`, and — for a module with participants — the
 * records they take part in (a meeting they are invited to is theirs to open, whoever owns it).
 * Lists keep to `recordAccess` (a list of meetings is the owner's, an invitation is on My Day).
 */
export function readScope(user: CurrentUser, module: CrmModule, alias?: string): SQL | undefined {
  const scope = recordAccess(user, module, 'read', alias);
  const participant = scope && participantOf(module, user.userId, alias);
  return participant ? sql`(${scope} or ${participant})` : scope;
}

/** Rows a user may change, delete or restore: `recordAccess` at `write`. */
export const writeScope = (user: CurrentUser, module: CrmModule, alias?: string): SQL | undefined => recordAccess(user, module, 'write', alias);

/**
 * "Shared with me by hand": the record ids of the module shared with the user, one of their roles,
 * or their department or one above it (a department share reaches those below). Written
 * `id in (select … union all select …)`, one branch per recipient kind: each branch is an
 * index-only range of crm_record_share_recipient_idx, and inside the OR with the role scope the
 * planner cannot make the IN a join, so it reads the ids once into a hash and probes it per row
 * (a "hashed SubPlan"). The earlier `id = any(array(select …))` searched the array linearly for
 * every row the owner term let through — a rep's count at a million leads with 80,000 shares took
 * 15.8 s (docs/decisions.md, "The share term as a hashed sub-plan").
 */
export function sharedWith(user: CurrentUser, module: CrmModule, level: AccessLevel, alias?: string, origin?: 'manual' | 'rule'): SQL {
  const id = alias ? sql`${sql.identifier(alias)}.id` : sql`id`;
  const write = level === 'write' ? sql` and s.can_write` : sql``;
  // Only the Sharing panel asks which kind of share gives access (`origin`); the predicate takes both.
  const from = origin === 'manual' ? sql` and s.rule_id is null` : origin === 'rule' ? sql` and s.rule_id is not null` : sql``;
  const branch = (kind: string, recipient: SQL) =>
    sql`select s.record_id from crm_record_share s where s.module = ${module} and s.recipient_kind = ${kind} and s.recipient_id ${recipient}${write}${from}`;
  const branches = [branch('user', sql`= ${user.userId}`)];
  if (user.roles.length) branches.push(branch('role', sql`in ${user.roles.map((r) => r.roleId)}`));
  if (user.deptId !== null) {
    branches.push(
      branch(
        'dept',
        sql`in (${departmentsUp(user.deptId)})`,
      ),
    );
  }
  return sql`${id} in (${sql.join(branches, sql` union all `)})`;
}

/**
 * `sharedWith` as a probe of the row: per kind of recipient, an index-only lookup of
 * crm_record_share_recipient_idx (module, kind, recipient, record) for this row's id. Scalar
 * subqueries (`select true … limit 1`), not `exists`: the planner turns an `exists` it expects to run
 * for many rows into the hash of every shared id again, and never does a scalar subquery; `coalesce`
 * stops at the first that finds a share.
 */
function sharedWithRow(user: CurrentUser, module: CrmModule, level: AccessLevel, alias?: string): SQL {
  const id = alias ? sql`${sql.identifier(alias)}.id` : sql`id`;
  const write = level === 'write' ? sql` and s.can_write` : sql``;
  const probe = (kind: string, recipient: SQL) =>
    sql`(select true from crm_record_share s where s.module = ${module} and s.recipient_kind = ${kind} and s.recipient_id ${recipient} and s.record_id = ${id}${write} limit 1)`;
  const probes = [probe('user', sql`= ${user.userId}`)];
  if (user.roles.length) probes.push(probe('role', sql`in ${user.roles.map((r) => r.roleId)}`));
  if (user.deptId !== null) probes.push(probe('dept', sql`= any(array(${departmentsUp(user.deptId)}))`));
  return sql`coalesce(${sql.join(probes, sql`, `)}, false)`;
}

/** The user's department and those above it: a share with a department reaches the departments below. */
const departmentsUp = (deptId: number): SQL =>
  sql`select ${deptId}::bigint union all select a::bigint from sys_dept d, unnest(string_to_array(d.ancestors, ',')) a where d.dept_id = ${deptId} and a <> ''`;

/** "On the team": the ids of `module`'s records whose team has the user, at the level asked (from the member index). */
function teamIds(user: CurrentUser, module: 'account' | 'opportunity', level: AccessLevel): SQL {
  const write = level === 'write' ? sql` and t.can_write` : sql``;
  return sql`array(select t.record_id from crm_record_team_member t where t.user_id = ${user.userId} and t.module = ${module}${write})`;
}

/**
 * The team term: an account whose team has the user; an opportunity whose own team has them or
 * whose account's team does; a contact whose account's team does — at the team's access level.
 * Written `column = any(array(…))` like `sharedWith`, so the planner reads the user's few team
 * records from crm_record_team_member_user_idx and ORs them into a bitmap of the primary key (or
 * of the account_id index) instead of probing per row.
 */
export function teamOf(user: CurrentUser, module: CrmModule, level: AccessLevel, alias?: string): SQL | undefined {
  const column = (name: string) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(name)}` : sql.identifier(name));
  if (module === 'account') return sql`${column('id')} = any(${teamIds(user, 'account', level)})`;
  if (module === 'opportunity') {
    return sql`(${column('id')} = any(${teamIds(user, 'opportunity', level)}) or ${column('account_id')} = any(${teamIds(user, 'account', level)}))`;
  }
  if (module === 'contact') return sql`${column('account_id')} = any(${teamIds(user, 'account', level)})`;
  return undefined;
}
