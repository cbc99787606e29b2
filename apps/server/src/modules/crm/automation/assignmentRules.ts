import { and, asc, eq, sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { ASSIGNMENT_RULES_MAX, type AssignmentModule, type AssignmentRule, type AssignmentRuleBody } from '@orbit/shared/contract/automation';
import type { Db, Executor } from '../../../db/client';
import { crmAssignmentRule } from '../../../db/schema/automation';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import { compileFilter } from '../engine/query/filterCompiler';
import { rowsOf } from '../engine/query/sql';
import { metadataOf } from '../engine/metadata/metadataStore';

type Row = typeof crmAssignmentRule.$inferSelect;

/** The target's name as the editor shows it (a user's nickname, a department's or role's name); null when it is gone. */
const TARGET_NAME = sql<string | null>`case ${crmAssignmentRule.target}
  when 'user' then (select nick_name from sys_user where user_id = ${crmAssignmentRule.targetId} and del_flag = '0')
  when 'dept' then (select dept_name from sys_dept where dept_id = ${crmAssignmentRule.targetId} and del_flag = '0')
  else (select role_name from sys_role where role_id = ${crmAssignmentRule.targetId} and del_flag = '0') end`;

const toRule = (r: Row & { targetName: string | null }): AssignmentRule => ({
  id: r.id,
  module: r.module as AssignmentModule,
  position: r.position,
  name: r.name,
  active: r.active,
  conditions: r.conditions ?? null,
  target: r.target as AssignmentRule['target'],
  targetId: r.targetId,
  targetName: r.targetName,
  updateTime: (r.updateTime ?? r.createTime).toISOString(),
});

/** Whether the target exists and can be handed records (a user active; a department or role not deleted). */
async function targetExists(db: Executor, body: AssignmentRuleBody): Promise<boolean> {
  const query =
    body.target === 'user'
      ? sql`select 1 from sys_user where user_id = ${body.targetId} and del_flag = '0' and status = '0'`
      : body.target === 'dept'
        ? sql`select 1 from sys_dept where dept_id = ${body.targetId} and del_flag = '0'`
        : sql`select 1 from sys_role where role_id = ${body.targetId} and del_flag = '0'`;
  return (await rowsOf(db, query)).length > 0;
}

/**
 * A module's assignment rules (Set-up › Leads › Assignment): each checked before it is written —
 * its conditions by the list filters' own compiler, its target existing — and kept in the order the
 * administrator gives (`position`; the first entry a new record meets wins).
 */
export function assignmentRulesRepository(db: Db, module: AssignmentModule, lang: Language) {
  const mine = (id: number) => and(eq(crmAssignmentRule.id, id), eq(crmAssignmentRule.module, module));
  const check = async (body: AssignmentRuleBody) => {
    if (body.conditions) compileFilter(body.conditions, metadataOf(db).module(module), lang);
    if (!(await targetExists(db, body))) throw fieldError('targetId', 'assignment.targetNotFound');
  };
  const select = () => db.select({ row: crmAssignmentRule, targetName: TARGET_NAME }).from(crmAssignmentRule);
  return {
    list: async (): Promise<AssignmentRule[]> =>
      (await select().where(eq(crmAssignmentRule.module, module)).orderBy(asc(crmAssignmentRule.position), asc(crmAssignmentRule.id))).map((r) =>
        toRule({ ...r.row, targetName: r.targetName }),
      ),

    async get(id: number): Promise<AssignmentRule> {
      const [r] = await select().where(mine(id));
      if (!r) throw notFound('assignment.ruleNotFound');
      return toRule({ ...r.row, targetName: r.targetName });
    },

    /** Adds an entry at the end of the list. */
    async create(body: AssignmentRuleBody, userId: number): Promise<number> {
      await check(body);
      return db.transaction(async (tx) => {
        // The module's entries locked while one is added, so two added together get distinct places.
        const rows = await rowsOf<{ position: unknown }>(tx, sql`select position from crm_assignment_rule where module = ${module} for update`);
        if (rows.length >= ASSIGNMENT_RULES_MAX) throw badRequest('assignment.tooMany', { max: ASSIGNMENT_RULES_MAX });
        const position = rows.reduce((max, r) => Math.max(max, Number(r.position)), 0) + 1;
        const [row] = await tx.insert(crmAssignmentRule).values({ ...body, module, position, userId }).returning({ id: crmAssignmentRule.id });
        return row!.id;
      });
    },

    /** Changes an entry; its round-robin pointer is kept (the turn goes on where it was). */
    async update(id: number, body: AssignmentRuleBody, userId: number): Promise<void> {
      await check(body);
      const changed = await db.update(crmAssignmentRule).set({ ...body, userId, updateTime: new Date() }).where(mine(id)).returning({ id: crmAssignmentRule.id });
      if (!changed.length) throw notFound('assignment.ruleNotFound');
    },

    /** The new order: every entry of the module, each once. */
    async reorder(ids: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await rowsOf<{ id: unknown }>(tx, sql`select id from crm_assignment_rule where module = ${module} for update`);
        const known = new Set(rows.map((r) => Number(r.id)));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw badRequest('assignment.orderMismatch');
        for (const [i, id] of ids.entries()) await tx.update(crmAssignmentRule).set({ position: i + 1 }).where(mine(id));
      });
    },

    async remove(id: number): Promise<void> {
      const gone = await db.delete(crmAssignmentRule).where(mine(id)).returning({ id: crmAssignmentRule.id });
      if (!gone.length) throw notFound('assignment.ruleNotFound');
    },

    /** What the editor offers as targets besides users (those come from the users' lookup): departments and roles, by name. */
    async targets(): Promise<{ depts: Array<{ id: number; label: string }>; roles: Array<{ id: number; label: string }> }> {
      const depts = await rowsOf<{ id: unknown; label: string }>(db, sql`select dept_id as id, dept_name as label from sys_dept where del_flag = '0' order by order_num, dept_id`);
      const roles = await rowsOf<{ id: unknown; label: string }>(db, sql`select role_id as id, role_name as label from sys_role where del_flag = '0' order by role_sort, role_id`);
      return { depts: depts.map((d) => ({ id: Number(d.id), label: d.label })), roles: roles.map((r) => ({ id: Number(r.id), label: r.label })) };
    },
  };
}
