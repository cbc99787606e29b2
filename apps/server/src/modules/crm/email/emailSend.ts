import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Language } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { sendEmailBody } from '@orbit/shared/contract/email';
import type { EmailModule, EmailPersonModule } from '@orbit/shared/crm/email';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { z } from 'zod';
import { crmAttachment } from '../../../db/schema/crmAttachment';
import { crmEmail, crmEmailLink, crmEmailSignature } from '../../../db/schema/crmEmail';
import { badRequest, fieldError, notFound } from '../../../lib/errors';
import { cleanRichText, richTextAsPlain } from '../../../lib/richText';
import type { CurrentUser } from '../../auth/currentUser';
import { NO_FILE, type JobQueue } from '../../jobs/jobQueue';
import type { Db } from '../../../db/client';
import type { Config } from '../../../config';
import { rowsOf } from '../engine/query/sql';
import { recordNotFound } from '../engine/records/moduleRecords';
import { recordOpenable } from '../attachments/attachments.repository';
import { accountIdOf, personName, scopedRecord } from './emailRecords';
import { createEmailTemplates } from './emailTemplates';
import { addressOf, createMailServer, replyToOf } from './mailServer';
import { checkMessage, mergeValues, renderMerge } from './mergeFields';

type SendBody = z.output<typeof sendEmailBody>;
type Recipient = SendBody['to'][number];

/** The attachments of one mail together: a mail server refuses much more, and the job holds them in memory while it sends. */
export const EMAIL_ATTACHMENTS_MAX_MB = 20;

/**
 * A mail asked for from a record (`POST /crm/email/send`): everything checked first — the record
 * within the caller's scope, each person addressed within it and with an address, each file one of
 * the record's, merge fields known — then, in one transaction, the mail (queued, with its
 * Message-ID), the records whose timelines show it, and its send job. Nothing is written when any
 * check fails. Answers the mail's id.
 */
export async function queueEmail(app: FastifyInstance, user: CurrentUser, lang: Language, body: SendBody): Promise<number> {
  const emailId = await queueEmailWith({ db: app.db, config: app.config, jobQueue: app.jobQueue }, user, lang, body);
  app.jobs.wake();
  return emailId;
}

/**
 * `queueEmail` with everything read and written through `deps.tx` when given — a workflow rule's
 * action's own transaction, so that the mail and its send job are written exactly when the action is
 * marked done (and the send job sends it once); `deps.db` keeps the module metadata.
 */
export async function queueEmailWith(deps: { db: Db; tx?: Db; config: Config; jobQueue: Pick<JobQueue, 'enqueue'> }, user: CurrentUser, lang: Language, body: SendBody): Promise<number> {
  const meta = deps.db;
  const db = deps.tx ?? deps.db;
  const module: EmailModule = body.module;
  const record = await scopedRecord(meta, user, lang, module, body.recordId, db);
  if (!record) throw recordNotFound();

  const links = new Map<string, { module: CrmModule; recordId: number }>();
  const link = (m: CrmModule, id: number | null) => id && links.set(`${m}:${id}`, { module: m, recordId: id });
  link(module, body.recordId);
  link('account', accountIdOf(module, record));

  // People addressed by reference: read within the scope, their addresses taken from their records.
  let firstPerson: { module: EmailPersonModule; id: number } | null = null;
  const people = new Map<string, CrmRecord>();
  const resolve = async (field: 'to' | 'cc' | 'bcc', list: Recipient[]): Promise<string[]> => {
    const out: string[] = [];
    for (const r of list) {
      if (typeof r === 'string') {
        out.push(r);
        continue;
      }
      const key = `${r.module}:${r.id}`;
      const person = people.get(key) ?? (await scopedRecord(meta, user, lang, r.module, r.id, db));
      if (!person) throw fieldError(field, 'email.personNotFound');
      if (typeof person.email !== 'string' || !person.email) throw fieldError(field, 'email.personNoAddress', { name: personName(person) || String(r.id) });
      people.set(key, person);
      if (field === 'to') firstPerson ??= { module: r.module, id: r.id };
      link(r.module, r.id);
      if (r.module === 'contact') link('account', person.accountId === null || person.accountId === undefined ? null : Number(person.accountId));
      const name = personName(person).replace(/["\\]/g, '');
      out.push(name ? `"${name}" <${person.email}>` : person.email);
    }
    return [...new Set(out)];
  };
  const to = await resolve('to', body.to);
  const cc = await resolve('cc', body.cc);
  const bcc = await resolve('bcc', body.bcc);
  if (!to.length) throw fieldError('to', 'email.noRecipient');

  // A template gives the subject and body the caller left empty; merge fields fill both.
  let subject = body.subject;
  let html = body.body;
  let mergeLang = lang;
  if (body.templateId) {
    const template = await createEmailTemplates(db).visible(user, body.templateId);
    if (!subject) subject = template.subject;
    if (!richTextAsPlain(html)) html = template.body;
    mergeLang = template.language as Language;
  }
  checkMessage(subject, html);
  const values = await mergeValues(meta, user, mergeLang, module, record, module === 'leads' || module === 'contact' ? null : firstPerson, db);
  subject = renderMerge(subject, values, false).replace(/[\r\n]+/g, ' ').trim();
  html = cleanRichText(renderMerge(html, values, true));
  if (body.signature) {
    const [signature] = await db.select().from(crmEmailSignature).where(eq(crmEmailSignature.userId, user.userId));
    if (signature?.signature) html = `${html}<p>-- </p>${signature.signature}`;
  }

  // Files: only the record's own, and only when the caller may open the record (checked above).
  const fileIds = [...new Set(body.attachmentIds)];
  const files = fileIds.length
    ? await db
        .select({ id: crmAttachment.id, fileName: crmAttachment.fileName, size: crmAttachment.size })
        .from(crmAttachment)
        .where(and(inArray(crmAttachment.id, fileIds), eq(crmAttachment.module, module), eq(crmAttachment.recordId, body.recordId)))
    : [];
  if (files.length !== fileIds.length) throw notFound('attachment.notFound');
  if (files.reduce((sum, f) => sum + f.size, 0) > EMAIL_ATTACHMENTS_MAX_MB * 1024 * 1024) throw badRequest('email.attachmentsTooLarge', { max: EMAIL_ATTACHMENTS_MAX_MB });
  const byId = new Map(files.map((f) => [f.id, f.fileName]));

  const [sender] = await rowsOf<{ nick_name: string; email: string }>(db, sql`select nick_name, email from sys_user where user_id = ${user.userId}`);
  const fromAddress = (await createMailServer(db, deps.config).settings()).fromAddress || addressOf(deps.config.mailFrom);
  const displayName = (sender?.nick_name ?? user.nickName).replace(/["\\\r\n]/g, '');
  const domain = fromAddress.split('@')[1] ?? 'orbit-crm.local';
  const replyTo = await replyToOf(db, deps.config, sender?.email);

  const emailId = await db.transaction(async (tx) => {
    // Again under the transaction: the record may have gone to the bin meanwhile.
    if (!(await recordOpenable(tx, module, user, body.recordId))) throw recordNotFound();
    const [row] = await tx
      .insert(crmEmail)
      .values({
        messageId: `<${randomUUID()}@${domain}>`,
        module,
        recordId: body.recordId,
        fromAddress: `"${displayName}" <${fromAddress}>`,
        replyTo,
        toAddresses: to,
        ccAddresses: cc,
        bccAddresses: bcc,
        subject,
        body: html,
        attachmentIds: fileIds,
        attachmentNames: fileIds.map((id) => byId.get(id)!),
        templateId: body.templateId ?? null,
        createBy: user.userId,
      })
      .returning({ id: crmEmail.id });
    await tx.insert(crmEmailLink).values([...links.values()].map((l) => ({ emailId: row!.id, ...l })));
    await deps.jobQueue.enqueue(tx, { kind: 'emailSend', userId: user.userId, fileId: NO_FILE, payload: { lang, emailId: row!.id } });
    return row!.id;
  });
  return emailId;
}
