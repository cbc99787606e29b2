import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Language } from '@orbit/shared/constants';
import type { massEmailBody, MassEmailSummary } from '@orbit/shared/contract/email';
import { EMAIL_OPT_OUT_FIELD, MASS_EMAIL_MAX, type MassEmailModule } from '@orbit/shared/crm/email';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { z } from 'zod';
import type { Db } from '../../../db/client';
import { crmEmail, crmEmailLink, crmEmailSignature, crmMassEmail } from '../../../db/schema/crmEmail';
import { badRequest, fieldError } from '../../../lib/errors';
import { cleanRichText, richTextAsPlain } from '../../../lib/richText';
import type { CurrentUser } from '../../auth/currentUser';
import { NO_FILE } from '../../jobs/jobQueue';
import { recordAccess } from '../engine/query/recordAccess';
import { rowsOf } from '../engine/query/sql';
import { moduleRecordsOf, recordNotFound } from '../engine/records/moduleRecords';
import { asId, personName, scopedRecord } from './emailRecords';
import { createEmailTemplates } from './emailTemplates';
import { addressOf, createMailServer, replyToOf } from './mailServer';
import { checkMessage, mergeValues, renderMerge } from './mergeFields';

type MassBody = z.output<typeof massEmailBody>;
type Candidate = { id: number; email: string | null; optOut: boolean };

/**
 * The people of one kind a mass send may reach, read in one query with the caller's read scope as
 * its predicate: the listed ids, or the campaign's members. Out-of-scope and deleted people are
 * simply not there — the caller learns nothing of them.
 */
async function candidatesOf(db: Db, user: CurrentUser, module: MassEmailModule, which: SQL): Promise<Candidate[]> {
  const meta = moduleRecordsOf(db, module).def();
  const column = (name: string) => sql.identifier(meta.byName.get(name)!.column);
  const scope = recordAccess(user, module, 'read');
  const rows = await rowsOf<{ id: unknown; email: string | null; opt_out: boolean | null }>(
    db,
    sql`select id, ${column('email')} as email, ${column(EMAIL_OPT_OUT_FIELD)} as opt_out from ${sql.identifier(meta.table)}
        where ${which} and deleted_at is null${scope ? sql` and ${scope}` : sql``} order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id), email: r.email?.trim() || null, optOut: r.opt_out === true }));
}

/** Who a mass send is for: its people per module, and the campaign it is sent for (its members' timelines also show the campaign's). */
async function recipientsOf(db: Db, user: CurrentUser, lang: Language, body: MassBody): Promise<Array<{ module: MassEmailModule; people: Candidate[] }>> {
  if (body.campaignId !== undefined) {
    if (!(await scopedRecord(db, user, lang, 'campaign', body.campaignId))) throw recordNotFound();
    const members = (column: 'lead_id' | 'contact_id') => sql`id in (select ${sql.identifier(column)} from crm_campaign_member where campaign_id = ${body.campaignId})`;
    return [
      { module: 'leads', people: await candidatesOf(db, user, 'leads', members('lead_id')) },
      { module: 'contact', people: await candidatesOf(db, user, 'contact', members('contact_id')) },
    ];
  }
  if (!body.module || !body.ids.length) throw badRequest('email.massNoRecipients');
  const ids = [...new Set(body.ids)];
  return [{ module: body.module, people: await candidatesOf(db, user, body.module, sql`id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`) }];
}

/** The mails' progress of mass sends, by their states, with what the mass sends counted when queued. */
export async function massEmailSummaries(db: Db, where: SQL): Promise<MassEmailSummary[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select m.*, coalesce(s.sent, 0)::int as sent, coalesce(s.failed, 0)::int as failed from crm_mass_email m
        left join lateral (select count(*) filter (where e.status = 'sent') as sent, count(*) filter (where e.status = 'failed') as failed
                           from crm_email e where e.mass_email_id = m.id) s on true
        where ${where} order by m.id desc limit 50`,
  );
  return rows.map((r) => ({
    massEmailId: Number(r.id),
    module: r.module as MassEmailSummary['module'],
    campaignId: asId(r.campaign_id),
    templateName: String(r.template_name),
    perMinute: Number(r.per_minute),
    queued: Number(r.queued),
    skippedOptOut: Number(r.skipped_opt_out),
    skippedNoAddress: Number(r.skipped_no_address),
    sent: Number(r.sent),
    failed: Number(r.failed),
    createTime: new Date(r.create_time as string).toISOString(),
  }));
}

/**
 * What a mass send writes to each person: the template chosen, else the subject and body written for
 * this send (merge fields checked as a template's are, filled in the sender's language).
 */
async function messageOf(db: Db, user: CurrentUser, lang: Language, body: MassBody): Promise<{ id: number | null; name: string; subject: string; body: string; language: string }> {
  if (body.templateId) return createEmailTemplates(db).visible(user, body.templateId);
  const subject = body.subject ?? '';
  const html = body.body ?? '';
  if (!subject.trim() && !richTextAsPlain(html)) throw fieldError('templateId', 'email.massNoTemplate');
  checkMessage(subject, html);
  return { id: null, name: subject.replace(/[\r\n]+/g, ' ').trim(), subject, body: html, language: lang };
}

/**
 * A mass send asked for (`POST /crm/email/mass`): the template, the people within the caller's
 * scope, those who opted out or have no address counted and skipped, each other one's mail
 * personalised (merge fields from their record, written in the template's language as the single
 * send writes them) — then, in one transaction, the mass send, its mails (each with the time it may
 * go, `massEmailPerMinute` apart), the records whose timelines show them, and one job that sends
 * them. The unique key (mass send, person) makes a mail per person whatever runs twice.
 */
export async function queueMassEmail(app: FastifyInstance, user: CurrentUser, lang: Language, body: MassBody): Promise<MassEmailSummary> {
  const db = app.db;
  const template = await messageOf(db, user, lang, body);
  const groups = await recipientsOf(db, user, lang, body);
  const total = groups.reduce((n, g) => n + g.people.length, 0);
  if (total > MASS_EMAIL_MAX) throw badRequest('email.massTooMany', { max: MASS_EMAIL_MAX });

  let skippedOptOut = 0;
  let skippedNoAddress = 0;
  const mergeLang = template.language as Language;
  const [signature] = await db.select().from(crmEmailSignature).where(eq(crmEmailSignature.userId, user.userId));
  const [sender] = await rowsOf<{ nick_name: string; email: string }>(db, sql`select nick_name, email from sys_user where user_id = ${user.userId}`);
  const fromAddress = (await createMailServer(db, app.config).settings()).fromAddress || addressOf(app.config.mailFrom);
  const displayName = (sender?.nick_name ?? user.nickName).replace(/["\\\r\n]/g, '');
  const domain = fromAddress.split('@')[1] ?? 'orbit-crm.local';
  const replyTo = await replyToOf(db, app.config, sender?.email);

  const mails: Array<{ module: MassEmailModule; recordId: number; to: string; subject: string; html: string; accountId: number | null }> = [];
  for (const { module, people } of groups) {
    for (const person of people) {
      if (person.optOut) skippedOptOut++;
      else if (!person.email) skippedNoAddress++;
      else {
        const record = await scopedRecord(db, user, mergeLang, module, person.id);
        if (!record) continue; // gone since the read above
        const values = await mergeValues(db, user, mergeLang, module, record, null);
        let html = cleanRichText(renderMerge(template.body, values, true));
        if (signature?.signature) html = `${html}<p>-- </p>${signature.signature}`;
        const name = personName(record).replace(/["\\]/g, '');
        mails.push({
          module,
          recordId: person.id,
          to: name ? `"${name}" <${person.email}>` : person.email,
          subject: renderMerge(template.subject, values, false).replace(/[\r\n]+/g, ' ').trim(),
          html,
          accountId: module === 'contact' ? asId(record.accountId) : null,
        });
      }
    }
  }

  const perMinute = await app.settings.get('massEmailPerMinute');
  const gapMs = 60_000 / perMinute;
  const massEmailId = await db.transaction(async (tx) => {
    const start = Date.now();
    const [mass] = await tx
      .insert(crmMassEmail)
      .values({
        module: body.campaignId !== undefined ? 'campaign' : body.module!,
        campaignId: body.campaignId ?? null,
        templateId: template.id,
        templateName: template.name,
        perMinute,
        queued: mails.length,
        skippedOptOut,
        skippedNoAddress,
        createBy: user.userId,
      })
      .returning({ id: crmMassEmail.id });
    const id = mass!.id;
    // In slices: one statement per mail would hold the transaction for seconds on a large campaign.
    for (let from = 0; from < mails.length; from += 500) {
      const slice = mails.slice(from, from + 500);
      const rows = await tx
        .insert(crmEmail)
        .values(
          slice.map((m, i) => ({
            messageId: `<${randomUUID()}@${domain}>`,
            module: m.module,
            recordId: m.recordId,
            fromAddress: `"${displayName}" <${fromAddress}>`,
            replyTo,
            toAddresses: [m.to],
            ccAddresses: [],
            bccAddresses: [],
            subject: m.subject,
            body: m.html,
            attachmentIds: [],
            attachmentNames: [],
            templateId: template.id,
            createBy: user.userId,
            massEmailId: id,
            notBefore: new Date(start + Math.round((from + i) * gapMs)),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: crmEmail.id, module: crmEmail.module, recordId: crmEmail.recordId });
      const links: Array<{ emailId: number; module: CrmModule; recordId: number }> = [];
      const byRecord = new Map(slice.map((m) => [`${m.module}:${m.recordId}`, m]));
      for (const row of rows) {
        const mail = byRecord.get(`${row.module}:${row.recordId}`)!;
        links.push({ emailId: row.id, module: mail.module, recordId: mail.recordId });
        if (mail.accountId) links.push({ emailId: row.id, module: 'account', recordId: mail.accountId });
        if (body.campaignId !== undefined) links.push({ emailId: row.id, module: 'campaign', recordId: body.campaignId });
      }
      if (links.length) await tx.insert(crmEmailLink).values(links).onConflictDoNothing();
    }
    if (mails.length) await app.jobQueue.enqueue(tx, { kind: 'massEmailSend', userId: user.userId, fileId: NO_FILE, payload: { lang, massEmailId: id } });
    return id;
  });
  if (mails.length) app.jobs.wake();
  const [summary] = await massEmailSummaries(db, sql`m.id = ${massEmailId}`);
  return summary!;
}
