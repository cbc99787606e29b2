import { sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { MERGE_FIELD_PATTERN, unknownMergeFields, type EmailPersonModule, type MergeField } from '@orbit/shared/crm/email';
import { isCurrency } from '@orbit/shared/crm/money';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db, Executor } from '../../../db/client';
import { fieldError } from '../../../lib/errors';
import { richTextAsPlain } from '../../../lib/richText';
import type { CurrentUser } from '../../auth/currentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import { rowsOf } from '../engine/query/sql';
import { fieldRestrictions } from '../fieldSecurity/fieldAccess';
import { accountIdOf, asId, scopedRecord } from './emailRecords';

export type MergeValues = Partial<Record<MergeField, string>>;

const locale = (lang: Language) => (lang === 'zh' ? 'zh-CN' : 'en-US');

/** An amount in its record's currency, written as a reader of `lang` reads money ("$12,500.00", "US$12,500.00"). */
export function formatMoney(lang: Language, amount: unknown, currency: unknown): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = Number(amount);
  if (!Number.isFinite(value)) return '';
  return new Intl.NumberFormat(locale(lang), isCurrency(currency) ? { style: 'currency', currency } : { minimumFractionDigits: 2 }).format(value);
}

/** A day (YYYY-MM-DD) as a reader of `lang` writes it ("May 1, 2026", "2026年5月1日"). */
export function formatDay(lang: Language, day: unknown): string {
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(day)) return '';
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

async function userValues(db: Executor, userId: number | null): Promise<{ nickName: string; email: string }> {
  if (!userId) return { nickName: '', email: '' };
  const [row] = await rowsOf<{ nick_name: string; email: string }>(db, sql`select nick_name, email from sys_user where user_id = ${userId}`);
  return { nickName: row?.nick_name ?? '', email: row?.email ?? '' };
}

/**
 * The values of every merge field for a mail from `module`/`recordId` (read within the caller's
 * scope; what lies outside it merges as empty): the record, its account, the person it goes to
 * (the record itself when a lead or contact, else `person`), the record's owner and the sender.
 * A field hidden from the sender's role merges as empty. Money and days are written in `lang`, the
 * template's (its readers') language.
 */
export async function mergeValues(
  db: Db,
  user: CurrentUser,
  lang: Language,
  module: CrmModule,
  record: CrmRecord,
  person?: { module: EmailPersonModule; id: number } | null,
  reader: Executor = db,
): Promise<MergeValues> {
  const values: MergeValues = {};
  const personRecord = module === 'leads' || module === 'contact' ? { module, record } : person ? { module: person.module, record: await scopedRecord(db, user, lang, person.module, person.id, reader) } : null;
  let accountId = accountIdOf(module, record);
  if (personRecord?.record && personRecord.module === 'contact') {
    const c = personRecord.record;
    Object.assign(values, { 'contact.firstName': text(c.firstName), 'contact.lastName': text(c.lastName), 'contact.email': text(c.email), 'contact.title': text(c.title) });
    accountId ??= asId(c.accountId);
  }
  if (personRecord?.record && personRecord.module === 'leads') {
    const l = personRecord.record;
    Object.assign(values, { 'lead.firstName': text(l.firstName), 'lead.lastName': text(l.lastName), 'lead.company': text(l.company), 'lead.email': text(l.email) });
  }
  const account = module === 'account' ? record : await scopedRecord(db, user, lang, 'account', accountId, reader);
  if (account) Object.assign(values, { 'account.name': text(account.name), 'account.website': text(account.website) });
  if (module === 'opportunity') {
    Object.assign(values, {
      'opportunity.name': text(record.name),
      'opportunity.amount': formatMoney(lang, record.amount, record.currency),
      'opportunity.closeDate': formatDay(lang, record.closeDate),
    });
  }
  const owner = await userValues(reader, asId(record.ownerId));
  const sender = await userValues(reader, user.userId);
  Object.assign(values, { 'owner.nickName': owner.nickName, 'owner.email': owner.email, 'sender.nickName': sender.nickName, 'sender.email': sender.email });
  return withoutHiddenFields(db, user, values);
}

/** The module a merge field's object reads (owner and sender are users: no field-level security). */
const MERGE_OBJECTS: Record<string, CrmModule> = { contact: 'contact', lead: 'leads', account: 'account', opportunity: 'opportunity' };

/**
 * The values with every field hidden from the sender's role (field-level security) emptied: a
 * template merges what its sender may see, nothing more — whoever reads the mail, the sender has
 * it in their outbox and on the record's timeline.
 */
function withoutHiddenFields(db: Db, user: CurrentUser, values: MergeValues): MergeValues {
  const meta = metadataOf(db);
  for (const name of Object.keys(values) as MergeField[]) {
    const [object, field] = name.split('.') as [string, string];
    const module = MERGE_OBJECTS[object];
    if (module && fieldRestrictions(meta.module(module), user).get(field) === 'hidden') values[name] = '';
  }
  return values;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** `text` with its merge fields filled (escaped for HTML when it is a body); unknown ones were refused before. */
export function renderMerge(text: string, values: MergeValues, html: boolean): string {
  return text.replace(MERGE_FIELD_PATTERN, (_, name: string) => {
    const value = values[name as MergeField] ?? '';
    return html ? escapeHtml(value) : value;
  });
}

/** A message as a send takes it (one mail or a mass send): no unknown merge field, a subject, a body with text. */
export function checkMessage(subject: string, html: string): void {
  for (const [field, text] of [['subject', subject], ['body', html]] as const) {
    const [unknown] = unknownMergeFields(text);
    if (unknown !== undefined) throw fieldError(field, 'email.unknownMergeField', { name: `{{${unknown}}}` });
  }
  if (!subject.trim()) throw fieldError('subject', 'validation.required');
  if (!richTextAsPlain(html)) throw fieldError('body', 'email.bodyRequired');
}
