import { z } from 'zod';
import { EMAIL_ATTACHMENTS_MAX, EMAIL_MODULES, MASS_EMAIL_MAX, MASS_EMAIL_MODULES, EMAIL_PEOPLE_MODULES, EMAIL_RECIPIENTS_MAX, EMAIL_TEMPLATE_LANGUAGES, type EmailModule, type EmailStatus } from '../crm/email';
import { EMAIL_PATTERN, normaliseEmail, oneOf, optionalText, requiredText, stringValue } from '../validation';
import { jsonId } from './common';
import type { EmailDirection } from '../crm/emailInbound';

/** Rich text as the editor writes it: capped well above any real mail, cleaned by the server. */
const RICH_MAX = 200_000;

/** A recipient: one of the record's people (a lead or contact within the caller's scope), or an address typed in. */
export const emailRecipient = z.union([
  z.object({ module: oneOf(EMAIL_PEOPLE_MODULES), id: jsonId }).strict(),
  stringValue().trim().max(254, { error: 'validation.tooLong' }).regex(EMAIL_PATTERN, { error: 'validation.wrongFormat' }).transform(normaliseEmail),
]);
export type EmailRecipient = z.input<typeof emailRecipient>;

const recipients = z.array(emailRecipient).max(EMAIL_RECIPIENTS_MAX, { error: 'validation.tooLong' }).default([]);

/** `POST /crm/email/send`: one mail from a record; merge fields in the subject and body are filled from the record. */
export const sendEmailBody = z
  .object({
    module: oneOf(EMAIL_MODULES, 'validation.required'),
    recordId: jsonId,
    to: recipients,
    cc: recipients,
    bcc: recipients,
    subject: optionalText(998).default(''),
    body: stringValue().max(RICH_MAX, { error: 'validation.tooLong' }).default(''),
    templateId: jsonId.nullish(),
    attachmentIds: z.array(jsonId).max(EMAIL_ATTACHMENTS_MAX, { error: 'validation.tooLong' }).default([]),
    /** Adds the sender's signature (their profile's) below the message. */
    signature: z.boolean().default(true),
  })
  .strict();
export type SendEmailBody = z.input<typeof sendEmailBody>;

/** A person of a record the composer offers as a recipient. */
export type EmailPerson = { module: 'leads' | 'contact'; id: number; name: string; email: string | null };

/** A template (`/crm/email/template`): personal (its owner's) or shared with everyone who sends mail. */
export const emailTemplateBody = z
  .object({
    name: requiredText(100),
    subject: requiredText(998),
    body: stringValue({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(RICH_MAX, { error: 'validation.tooLong' }),
    language: oneOf(EMAIL_TEMPLATE_LANGUAGES, 'validation.required'),
    shared: z.boolean().default(false),
  })
  .strict();
export type EmailTemplateBody = z.input<typeof emailTemplateBody>;
export type EmailTemplate = {
  templateId: number;
  name: string;
  subject: string;
  body: string;
  language: 'en' | 'zh';
  shared: boolean;
  ownerId: number;
  ownerName: string | null;
  /** The caller may change or delete it. */
  canEdit: boolean;
  updateTime: string;
};

/** `GET /crm/email/template/:id/preview?module=&recordId=&personModule=&personId=`: the template filled from a real record. */
export const emailPreviewQuery = z.object({
  module: oneOf(EMAIL_MODULES, 'validation.required'),
  recordId: z.coerce.number().int().positive(),
  personModule: oneOf(EMAIL_PEOPLE_MODULES).optional(),
  personId: z.coerce.number().int().positive().optional(),
});
export type EmailPreview = { subject: string; body: string };

/** `PUT /crm/email/signature`. */
export const emailSignatureBody = z.object({ signature: stringValue().max(20_000, { error: 'validation.tooLong' }) }).strict();

/**
 * `PUT /crm/email/server`: the SMTP server an administrator sets. `password` absent keeps the
 * stored one, empty removes it; it is stored encrypted and never answered.
 */
export const mailServerBody = z
  .object({
    host: requiredText(253),
    port: z.number({ error: 'validation.invalidValue' }).int({ error: 'validation.invalidValue' }).min(1, { error: 'validation.invalidValue' }).max(65535, { error: 'validation.invalidValue' }),
    secure: z.boolean().default(false),
    user: optionalText(254).default(''),
    password: stringValue().max(1000, { error: 'validation.tooLong' }).optional(),
    fromAddress: optionalText(254).refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: 'validation.wrongFormat' }).default(''),
  })
  .strict();
export type MailServerBody = z.input<typeof mailServerBody>;
/** Where mail goes now: the server set here, the one of `SMTP_URL`, or the development outbox. */
export type MailServerSettings = {
  source: 'settings' | 'environment' | 'outbox';
  host: string;
  port: number | null;
  secure: boolean;
  user: string;
  fromAddress: string;
  passwordSet: boolean;
  /** Whether ORBIT_SECRET_KEY is set (without it no password can be stored). */
  secretKeySet: boolean;
};

/** A mail on a timeline (`TimelineEntry.email`). */
export type TimelineEmail = {
  subject: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  body: string;
  status: EmailStatus;
  /** The server's last answer (a failure's reason), or where the outbox put it. */
  answer: string | null;
  sentAt: string | null;
  attachments: string[];
  /** The record it was sent from, or (received) the first it was matched or linked to. */
  module: EmailModule;
  recordId: number;
  /** `out`: sent from Orbit; `in`: received by the dropbox. */
  direction: EmailDirection;
  /** The first mail of its thread (a reply's original, by In-Reply-To / References); its own id when it starts one. */
  threadId: number;
};

/** A mail of the development outbox (`GET /crm/email/outbox`). */
export type OutboxMail = { name: string; time: string; subject: string; to: string; size: number };
export type OutboxMailDetail = OutboxMail & { from: string; cc: string; html: string; text: string; attachments: Array<{ fileName: string; size: number }> };

/**
 * `POST /crm/email/mass`: a template — or a message written for this send, `subject` and `body`,
 * merge fields filled in the sender's language — to a list selection (`module` and `ids`) or to a
 * campaign's members (`campaignId`). Answers the mass send's summary.
 */
export const massEmailBody = z
  .object({
    templateId: jsonId.nullish(),
    subject: optionalText(998).default(''),
    body: stringValue().max(RICH_MAX, { error: 'validation.tooLong' }).default(''),
    module: oneOf(MASS_EMAIL_MODULES).optional(),
    ids: z.array(jsonId).max(MASS_EMAIL_MAX, { error: 'validation.tooLong' }).default([]),
    campaignId: jsonId.optional(),
  })
  .strict();
export type MassEmailBody = z.input<typeof massEmailBody>;

/** A mass send and how far it got: the mails queued, the people skipped, and the mails' states so far. */
export type MassEmailSummary = {
  massEmailId: number;
  module: 'leads' | 'contact' | 'campaign';
  campaignId: number | null;
  templateName: string;
  perMinute: number;
  queued: number;
  skippedOptOut: number;
  skippedNoAddress: number;
  sent: number;
  failed: number;
  createTime: string;
};
