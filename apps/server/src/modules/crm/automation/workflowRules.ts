import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { ASSIGNMENT_MODULES, type WorkflowRule, type WorkflowRuleBody } from '@orbit/shared/contract/automation';
import { EMAIL_MODULES } from '@orbit/shared/crm/email';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db } from '../../../db/client';
import { crmWorkflowRule, sysWebhook } from '../../../db/schema/automation';
import { fieldError, notFound } from '../../../lib/errors';
import { compileFilter, labelOf } from '../engine/query/filterCompiler';
import { rowsOf } from '../engine/query/sql';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { metadataOf } from '../engine/metadata/metadataStore';

type Row = typeof crmWorkflowRule.$inferSelect;

const toRule = (r: Row): WorkflowRule => ({
  id: r.id,
  module: r.module as CrmModule,
  name: r.name,
  active: r.active,
  trigger: r.trigger,
  conditions: r.conditions ?? null,
  actions: r.actions,
  retrigger: r.retrigger,
  updateTime: (r.updateTime ?? r.createTime).toISOString(),
});

/**
 * Checks a rule against the module's metadata before anything is written, each refusal a
 * translated message: conditions by the list filters' own compiler, trigger and set fields
 * existing (and writable), users and webhooks existing. The values set are checked again, as a
 * form's, when the rule runs (a failure then is shown in the run log).
 */
async function checkRule(db: Db, def: ModuleDef, body: WorkflowRuleBody, lang: Language, userId: number): Promise<void> {
  if (body.conditions) compileFilter(body.conditions, def, lang);
  const field = (name: string, at: string) => {
    const found = def.byName.get(name);
    if (!found || !found.active) throw fieldError(at, 'automation.fieldNotFound', { name });
    return found;
  };
  const trigger = body.trigger;
  if (trigger.kind === 'fieldChanged') field(trigger.field, 'trigger');
  if (trigger.kind === 'dateReached') {
    const date = field(trigger.field, 'trigger');
    if (date.type !== 'date' && date.type !== 'datetime') throw fieldError('trigger', 'automation.fieldNotDate', { field: labelOf(date, lang) });
  }
  const userIds = new Set<number>();
  const webhookIds = new Set<number>();
  for (const action of body.actions) {
    if (action.kind === 'setFields') {
      for (const name of Object.keys(action.values)) {
        const target = field(name, 'actions');
        if (target.readOnly || target.formula || target.rollup || (target.system && name !== 'ownerId')) throw fieldError('actions', 'automation.fieldReadOnly', { field: labelOf(target, lang) });
      }
    }
    if (action.kind === 'createTask') {
      if (action.owner === 'user' && action.userId === undefined) throw fieldError('actions', 'automation.userRequired');
      if (action.userId !== undefined) userIds.add(action.userId);
    }
    if (action.kind === 'notify') action.userIds.forEach((id) => userIds.add(id));
    if (action.kind === 'callWebhook') webhookIds.add(action.webhookId);
    if (action.kind === 'assign' && !(ASSIGNMENT_MODULES as readonly string[]).includes(def.module)) throw fieldError('actions', 'automation.noAssignmentRules');
    if (action.kind === 'sendEmail') {
      if (action.to === 'record' && def.module !== 'leads' && def.module !== 'contact') throw fieldError('actions', 'automation.noRecordAddress');
      if (!EMAIL_MODULES.includes(def.module as never)) throw fieldError('actions', 'automation.noRecordAddress');
      // The rule sends as the user saving it: the template must be one they may use (theirs or shared).
      const found = await rowsOf(db, sql`select 1 from crm_email_template where id = ${action.templateId} and (shared or owner_id = ${userId})`);
      if (!found.length) throw fieldError('actions', 'automation.templateNotFound');
    }
  }
  if (userIds.size) {
    const found = await rowsOf(db, sql`select user_id from sys_user where user_id in ${[...userIds]} and del_flag = '0' and status = '0'`);
    if (found.length !== userIds.size) throw fieldError('actions', 'automation.userNotFound');
  }
  if (webhookIds.size) {
    const found = await db.select({ id: sysWebhook.id }).from(sysWebhook).where(inArray(sysWebhook.id, [...webhookIds]));
    if (found.length !== webhookIds.size) throw fieldError('actions', 'automation.webhookNotFound');
  }
}

/** A module's workflow rules in Set-up › module › Automation; `userId`: who saves it (the rule acts as them). */
export function workflowRulesRepository(db: Db, module: CrmModule, lang: Language) {
  const def = () => metadataOf(db).module(module);
  const mine = (id: number) => and(eq(crmWorkflowRule.id, id), eq(crmWorkflowRule.module, module));
  return {
    list: async (): Promise<WorkflowRule[]> => (await db.select().from(crmWorkflowRule).where(eq(crmWorkflowRule.module, module)).orderBy(crmWorkflowRule.id)).map(toRule),

    async get(id: number): Promise<WorkflowRule> {
      const [row] = await db.select().from(crmWorkflowRule).where(mine(id));
      if (!row) throw notFound('automation.ruleNotFound');
      return toRule(row);
    },

    async create(body: WorkflowRuleBody, userId: number): Promise<number> {
      await checkRule(db, def(), body, lang, userId);
      const [row] = await db.insert(crmWorkflowRule).values({ ...body, module, userId }).returning({ id: crmWorkflowRule.id });
      return row!.id;
    },

    async update(id: number, body: WorkflowRuleBody, userId: number): Promise<void> {
      await checkRule(db, def(), body, lang, userId);
      const changed = await db.update(crmWorkflowRule).set({ ...body, userId, updateTime: new Date() }).where(mine(id)).returning({ id: crmWorkflowRule.id });
      if (!changed.length) throw notFound('automation.ruleNotFound');
    },

    /** Deletes the rule; its run log stays (runs still queued fail as "rule does not exist"). */
    async remove(id: number): Promise<void> {
      const gone = await db.delete(crmWorkflowRule).where(mine(id)).returning({ id: crmWorkflowRule.id });
      if (!gone.length) throw notFound('automation.ruleNotFound');
    },
  };
}
