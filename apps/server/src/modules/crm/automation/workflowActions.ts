import { eq, sql } from 'drizzle-orm';
import type { WorkflowAction } from '@orbit/shared/contract/automation';
import type { Language } from '@orbit/shared/constants';
import { calendarDay } from '@orbit/shared/crm/relativeDates';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { translate } from '@orbit/shared/messages';
import type { Db, Executor } from '../../../db/client';
import { sysWebhook, sysWebhookDelivery } from '../../../db/schema/automation';
import { AppError, notFound } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { createNoticeRepository } from '../../system/notice/notice.repository';
import { metadataOf } from '../engine/metadata/metadataStore';
import { rowsOf, tableOf } from '../engine/query/sql';
import { createRecordsService } from '../engine/records/recordsService';
import { eventPayload } from './eventPayload';
import { loadCurrentUser } from '../../auth/loadCurrentUser';
import type { Config } from '../../../config';
import { createJobQueue } from '../../jobs/jobQueue';
import { queueEmailWith } from '../email/emailSend';
import { ownerByRules } from './assignOwners';

/** What an action runs with: the run's transaction, the rule's user acting (marked as the rule, one level deeper), the record. */
export type ActionContext = {
  db: Db;
  tx: Executor;
  actor: CurrentUser;
  lang: Language;
  rule: { id: number; name: string };
  module: CrmModule;
  recordId: number;
  actionRunId: number;
  /** The server's configuration (the e-mail sender's address). */
  config: Config;
};

type Handler<K extends WorkflowAction['kind']> = (ctx: ActionContext, action: Extract<WorkflowAction, { kind: K }>) => Promise<Record<string, unknown>>;

/** The record's version and owner now (a deleted record: the run fails, 'automation.recordGone'). */
async function currentRow(ctx: ActionContext): Promise<{ version: number; ownerId: number }> {
  const def = metadataOf(ctx.db).module(ctx.module);
  const [row] = await rowsOf<{ version: number; owner_id: string | number }>(ctx.tx, sql`select version, owner_id from ${tableOf(def.table)} where id = ${ctx.recordId} and deleted_at is null`);
  if (!row) throw notFound('automation.recordGone');
  return { version: Number(row.version), ownerId: Number(row.owner_id) };
}

/** The task field that can point at a record of `module` (a task relates to a person by `name`, to a deal, account or campaign by `relatedTo`). */
function taskLink(module: CrmModule): string | undefined {
  if (module === 'leads' || module === 'contact') return 'name';
  if (module === 'opportunity' || module === 'account' || module === 'campaign') return 'relatedTo';
  return undefined;
}

const addDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return calendarDay(d);
};

/**
 * Each action kind's handler, run inside the transaction that marks the action done: its writes go
 * through the records engine (checked as a form's, field history and events kept) under the
 * rule's user. A new kind (a future "send e-mail template") adds its handler here.
 */
const HANDLERS: { [K in WorkflowAction['kind']]: Handler<K> } = {
  async setFields(ctx, action) {
    const { version } = await currentRow(ctx);
    const changed = await createRecordsService(ctx.db, ctx.module).updateIn(ctx.tx, { user: ctx.actor, lang: ctx.lang }, { id: ctx.recordId, version, ...action.values });
    return { changed };
  },

  async createTask(ctx, action) {
    const { ownerId } = await currentRow(ctx);
    const link = taskLink(ctx.module);
    const body: Record<string, unknown> = {
      subject: action.subject,
      ownerId: action.owner === 'recordOwner' ? ownerId : action.userId,
      dueDate: addDays(action.dueInDays),
    };
    if (link) body[link] = { module: ctx.module, id: ctx.recordId };
    const taskId = await createRecordsService(ctx.db, 'task').createIn(ctx.tx, { user: ctx.actor, lang: ctx.lang }, body);
    return { taskId };
  },

  async notify(ctx, action) {
    const title = translate(ctx.lang, 'automation.notifyTitle', { rule: ctx.rule.name, message: action.message });
    const top = ctx.module === 'leads' ? 'Leads' : ctx.module;
    const link = `<p><a href="/${top}/${ctx.module}-detail?flag=detail&amp;id=${ctx.recordId}">${ctx.module} #${ctx.recordId}</a></p>`;
    const found = await rowsOf<{ user_id: string | number }>(ctx.tx, sql`select user_id from sys_user where user_id in ${action.userIds} and del_flag = '0' and status = '0'`);
    if (!found.length) throw new AppError(400, 'automation.userNotFound');
    const noticeId = await createNoticeRepository(ctx.tx).insertForUsers(
      { noticeTitle: title.length > 50 ? `${title.slice(0, 49)}…` : title, noticeType: '1', noticeContent: link, createBy: ctx.actor.userName },
      found.map((r) => Number(r.user_id)),
    );
    return { noticeId };
  },

  /** Queues a delivery (sent, signed and retried as any webhook delivery); the action is done once it is queued. */
  async callWebhook(ctx, action) {
    const [hook] = await ctx.tx.select().from(sysWebhook).where(eq(sysWebhook.id, action.webhookId));
    if (!hook) throw notFound('automation.webhookNotFound');
    const body = await eventPayload(ctx.db, ctx.tx, await loadCurrentUser(ctx.tx, hook.userId), { kind: 'workflow', module: ctx.module, recordId: ctx.recordId, changed: [], time: new Date() });
    const [delivery] = await ctx.tx.insert(sysWebhookDelivery).values({ webhookId: hook.id, actionRunId: ctx.actionRunId, event: 'workflow', body }).returning({ id: sysWebhookDelivery.id });
    return { deliveryId: delivery!.id };
  },

  /** Runs the module's assignment rules on the record as it is now; a changed owner is written as any update (history, events). */
  async assign(ctx) {
    const { version, ownerId } = await currentRow(ctx);
    const owner = await ownerByRules(ctx.tx, metadataOf(ctx.db).module(ctx.module), ctx.recordId);
    if (owner === null || owner === ownerId) return { ownerId, changed: false };
    const changed = await createRecordsService(ctx.db, ctx.module).updateIn(ctx.tx, { user: ctx.actor, lang: ctx.lang }, { id: ctx.recordId, version, ownerId: owner });
    return { ownerId: owner, changed };
  },

  /**
   * Queues the template's mail as the composer would (merge fields filled from the record, the
   * mail on the record's timeline, sent by the e-mail job), in the action's own transaction: the
   * mail exists exactly when the action is done, so a retried run never queues it twice.
   */
  async sendEmail(ctx, action) {
    const { ownerId } = await currentRow(ctx);
    if (!MAIL_MODULES.has(ctx.module)) throw new AppError(400, 'automation.noRecordAddress');
    let to: Array<string | { module: 'leads' | 'contact'; id: number }>;
    if (action.to === 'record') {
      if (ctx.module !== 'leads' && ctx.module !== 'contact') throw new AppError(400, 'automation.noRecordAddress');
      to = [{ module: ctx.module, id: ctx.recordId }];
    } else {
      const [owner] = await rowsOf<{ email: string | null }>(ctx.tx, sql`select email from sys_user where user_id = ${ownerId} and del_flag = '0'`);
      if (!owner?.email) throw new AppError(400, 'automation.noAddress');
      to = [owner.email];
    }
    const emailId = await queueEmailWith(
      { db: ctx.db, tx: ctx.tx as Db, config: ctx.config, jobQueue: createJobQueue(ctx.db) },
      ctx.actor,
      ctx.lang,
      { module: ctx.module as 'leads', recordId: ctx.recordId, to, cc: [], bcc: [], subject: '', body: '', templateId: action.templateId, attachmentIds: [], signature: false },
    );
    return { emailId };
  },
};

/** A rule may send mail from these modules' records; to the record's own address only from a person's (a lead, a contact). */
const MAIL_MODULES = new Set<CrmModule>(['leads', 'contact', 'account', 'opportunity']);

export function runAction(ctx: ActionContext, action: WorkflowAction): Promise<Record<string, unknown>> {
  return (HANDLERS[action.kind] as Handler<typeof action.kind>)(ctx, action as never);
}
