import { PERMISSIONS } from '../permissions';

/**
 * E-mail sent from records (issue 35, "Out"): what a mail's delivery goes through, the merge
 * fields a template may hold, and the permissions each action needs. Sending is logging an
 * activity on the record, so it takes the activity's `add`; shared templates, the SMTP server and
 * the development outbox are the organisation's settings, so they take the settings' `edit`.
 */
/** `received`: a mail in (crm/emailInbound.ts) logged on records; `inbox`: one waiting in its sender's inbox. */
export const EMAIL_STATUSES = ['queued', 'sent', 'failed', 'received', 'inbox'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** The modules a mail may be sent from, and the people it may be addressed to. */
export const EMAIL_MODULES = ['leads', 'contact', 'account', 'opportunity'] as const;
export type EmailModule = (typeof EMAIL_MODULES)[number];
export const EMAIL_PEOPLE_MODULES = ['leads', 'contact'] as const;
export type EmailPersonModule = (typeof EMAIL_PEOPLE_MODULES)[number];

export const EMAIL_PERMISSIONS = {
  send: PERMISSIONS.activity.add,
  /** Shared templates (personal ones are their owner's), the SMTP server, the development outbox. */
  manage: PERMISSIONS.config.edit,
} as const;

export const EMAIL_TEMPLATE_LANGUAGES = ['en', 'zh'] as const;

/**
 * Every merge field a template may hold, `{{object.field}}`: the record's person (a contact or a
 * lead), its account, its opportunity, the record's owner and the sender. Anything else in braces
 * is refused when the template is saved.
 */
export const MERGE_FIELDS = [
  'contact.firstName',
  'contact.lastName',
  'contact.email',
  'contact.title',
  'lead.firstName',
  'lead.lastName',
  'lead.company',
  'lead.email',
  'account.name',
  'account.website',
  'opportunity.name',
  'opportunity.amount',
  'opportunity.closeDate',
  'owner.nickName',
  'owner.email',
  'sender.nickName',
  'sender.email',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** `{{ name }}` anywhere in a subject or body (spaces inside the braces allowed). */
export const MERGE_FIELD_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The merge fields of a text that are not MERGE_FIELDS, each once. */
export function unknownMergeFields(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(MERGE_FIELD_PATTERN)) {
    if (!(MERGE_FIELDS as readonly string[]).includes(match[1]!)) unknown.add(match[1]!);
  }
  return [...unknown];
}

/** Recipients of one mail (to, cc and bcc together) and its files. */
export const EMAIL_RECIPIENTS_MAX = 50;
export const EMAIL_ATTACHMENTS_MAX = 10;
/** Attempts of one send when the server answers "try later" (4xx) or cannot be reached; a 5xx answer is final at once. */
export const EMAIL_SEND_ATTEMPTS = 3;

/**
 * Mass e-mail (issue 35): one template to each lead or contact of a list selection, or to each
 * member of a campaign — personalised per recipient, throttled by the setting `massEmailPerMinute`.
 * People who opted out (the `emailOptOut` field) or have no address are skipped and counted.
 */
export const MASS_EMAIL_MODULES = ['leads', 'contact'] as const;
export type MassEmailModule = (typeof MASS_EMAIL_MODULES)[number];
/** Recipients of one mass send: each is personalised when it is asked for. */
export const MASS_EMAIL_MAX = 5000;
/** Mails per minute a mass send goes out at: the default and the range the setting accepts. */
export const MASS_EMAIL_PER_MINUTE_DEFAULT = 60;
export const MASS_EMAIL_PER_MINUTE_RANGE = { min: 1, max: 6000 } as const;
/** The field a lead or contact says "no mass e-mail" with. */
export const EMAIL_OPT_OUT_FIELD = 'emailOptOut';
