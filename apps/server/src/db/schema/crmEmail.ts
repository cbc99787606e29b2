import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * E-mail sent from a record (issue 35, "Out"). A row is written `queued` with its Message-ID when
 * the mail is asked for, and the job that sends it (crm/email/emailSend.job.ts) turns it `sent` or
 * `failed` in the same statement that keeps the server's answer — a job run again after a crash
 * finds it sent and sends nothing. The body is the cleaned HTML as it went out (signature included).
 */
export const crmEmail = pgTable(
  'crm_email',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** `<uuid@domain>`, made when queued: every attempt sends the same one, so a receiver can tell a repeat. */
    messageId: text('message_id').notNull(),
    /** `out`: sent from Orbit; `in`: received by the dropbox (crm/email/inbound). */
    direction: text('direction').notNull().default('out'),
    /** The record it was sent from; a received mail's first matched or linked record (null while in the inbox). */
    module: text('module'),
    recordId: bigint('record_id', { mode: 'number' }),
    /** A received mail's In-Reply-To header, as it came. */
    inReplyTo: text('in_reply_to'),
    /** The first mail of its thread (the original a reply answers, by In-Reply-To / References); null: it starts one. */
    threadId: bigint('thread_id', { mode: 'number' }),
    /**
     * A received mail's files while it waits in the inbox: stored already (the file store), recorded
     * as a record's files (crm_attachment) when it is linked, removed when it is discarded.
     */
    pendingFiles: jsonb('pending_files').$type<Array<{ fileName: string; contentType: string; size: number; storageKey: string }>>().notNull().default([]),
    fromAddress: text('from_address').notNull(),
    replyTo: text('reply_to'),
    toAddresses: jsonb('to_addresses').$type<string[]>().notNull(),
    ccAddresses: jsonb('cc_addresses').$type<string[]>().notNull(),
    bccAddresses: jsonb('bcc_addresses').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Files of the record (crm_attachment ids) and their names as sent. */
    attachmentIds: jsonb('attachment_ids').$type<number[]>().notNull(),
    attachmentNames: jsonb('attachment_names').$type<string[]>().notNull(),
    templateId: bigint('template_id', { mode: 'number' }),
    /** queued, sent, failed (out); received, inbox (in). */
    status: text('status').notNull().default('queued'),
    /** The server's last answer (a failure's reason), or the outbox file. */
    answer: text('answer'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    createBy: bigint('create_by', { mode: 'number' }).notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    /** The mass send it is one mail of (crm_mass_email), else null. */
    massEmailId: bigint('mass_email_id', { mode: 'number' }),
    /** A mass send's mail goes no earlier than this: the throttle, fixed when the mails are queued. */
    notBefore: ts('not_before'),
  },
  (t) => [
    uniqueIndex('crm_email_message_id_key').on(t.messageId),
    // A user's inbox: their received mails still waiting, newest first.
    index('crm_email_inbox_idx').on(t.createBy, t.createTime).where(sql`${t.status} = 'inbox'`),
    // One mail per person and mass send, whatever runs twice: the mass send's exactly-once key.
    uniqueIndex('crm_email_mass_recipient_key').on(t.massEmailId, t.module, t.recordId).where(sql`${t.massEmailId} is not null`),
  ],
);

/**
 * A mass send (issue 35): one template (or a message written for it) to a list selection of leads or contacts, or to a campaign's
 * members. Its mails are crm_email rows (`mass_email_id`), queued together with it and sent by one
 * job at `per_minute`; the people skipped are counted here, the mails' progress read from their states.
 */
export const crmMassEmail = pgTable(
  'crm_mass_email',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** leads or contact (a list selection), or campaign (its members, of both kinds). */
    module: text('module').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' }),
    /** Null: a message written for this send; `template_name` is then its subject. */
    templateId: bigint('template_id', { mode: 'number' }),
    templateName: text('template_name').notNull(),
    perMinute: integer('per_minute').notNull(),
    queued: integer('queued').notNull(),
    skippedOptOut: integer('skipped_opt_out').notNull(),
    skippedNoAddress: integer('skipped_no_address').notNull(),
    createBy: bigint('create_by', { mode: 'number' }).notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('crm_mass_email_creator_idx').on(t.createBy, t.id)],
);

/** The records a mail concerns (its record, the people it went to, their account): each timeline shows it. */
export const crmEmailLink = pgTable(
  'crm_email_link',
  {
    emailId: bigint('email_id', { mode: 'number' }).notNull(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.emailId, t.module, t.recordId] }), index('crm_email_link_record_idx').on(t.module, t.recordId, t.emailId)],
);

/** Templates with merge fields: personal (`shared` false, their owner's) or shared with every sender. */
export const crmEmailTemplate = pgTable(
  'crm_email_template',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** en or zh: the language merged values (money, dates) are written in. */
    language: text('language').notNull(),
    shared: boolean('shared').notNull().default(false),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crm_email_template_name_key').on(t.ownerId, sql`lower(${t.name})`)],
);

/** A user's e-mail signature (rich text, cleaned), added below the mails they send. */
export const crmEmailSignature = pgTable('crm_email_signature', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  signature: text('signature').notNull(),
  updateTime: ts('update_time').notNull().defaultNow(),
});

/**
 * The SMTP server an administrator set in Settings (one row, id 1); without it, `SMTP_URL`, else
 * the development outbox. The password is AES-256-GCM with ORBIT_SECRET_KEY (lib/secretBox.ts).
 */
export const crmMailServer = pgTable('crm_mail_server', {
  id: integer('id').primaryKey(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  secure: boolean('secure').notNull().default(false),
  userName: text('user_name').notNull().default(''),
  passwordSealed: text('password_sealed'),
  fromAddress: text('from_address').notNull().default(''),
  updateBy: text('update_by').notNull().default(''),
  updateTime: ts('update_time').notNull().defaultNow(),
});
