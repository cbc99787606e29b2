import { sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { EmailPerson } from '@orbit/shared/contract/email';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Db, Executor } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { recordAccess } from '../engine/query/recordAccess';
import { rowsOf } from '../engine/query/sql';
import { moduleRecordsOf } from '../engine/records/moduleRecords';
import { readRecord } from '../engine/records/readRecord';

/**
 * The records a mail is about, read through the records engine with the caller's scope: a record
 * outside it is null (its values merge as empty), never read around the scope.
 */
export async function scopedRecord(db: Db, user: CurrentUser, lang: Language, module: CrmModule, id: number | null | undefined, reader: Executor = db): Promise<CrmRecord | null> {
  if (!id) return null;
  try {
    return (await readRecord(moduleRecordsOf(db, module), reader, { user, lang }, id)).data;
  } catch (error) {
    if (error instanceof AppError && error.code === 404) return null;
    throw error;
  }
}

/** A person's name as a mail's recipient list shows it. */
export const personName = (record: CrmRecord) => [record.firstName, record.lastName].filter((part) => typeof part === 'string' && part).join(' ');

export const asId = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** The account a record belongs to (a contact's, an opportunity's; an account its own). */
export function accountIdOf(module: CrmModule, record: CrmRecord): number | null {
  if (module === 'account') return asId(record.id);
  if (module === 'contact' || module === 'opportunity') return asId(record.accountId);
  return null;
}

/**
 * The people the composer offers for a record: a lead or contact itself; an account's contacts; an
 * opportunity's contact roles (the primary first) and then its account's other contacts — those
 * within the caller's scope, by name.
 */
export async function recordPeople(db: Db, user: CurrentUser, module: CrmModule, record: CrmRecord): Promise<EmailPerson[]> {
  if (module === 'leads' || module === 'contact') return [{ module, id: Number(record.id), name: personName(record), email: (record.email as string | null) || null }];
  const accountId = accountIdOf(module, record);
  const opportunityId = module === 'opportunity' ? Number(record.id) : null;
  if (!accountId && !opportunityId) return [];
  const meta = moduleRecordsOf(db, 'contact').def();
  const column = (name: string) => sql`c.${sql.identifier(meta.byName.get(name)!.column)}`;
  const scope = recordAccess(user, 'contact', 'read', 'c');
  // 0: the primary contact role, 1: another role, 2: the account's contact without one.
  const rank = opportunityId
    ? [sql`coalesce((select case when r.is_primary then 0 else 1 end from crm_opportunity_contact_role r where r.opportunity_id = ${opportunityId} and r.contact_id = c.id), 2)`]
    : [];
  const belongs = [
    ...(accountId ? [sql`${column('accountId')} = ${accountId}`] : []),
    ...(opportunityId ? [sql`c.id in (select r.contact_id from crm_opportunity_contact_role r where r.opportunity_id = ${opportunityId})`] : []),
  ];
  const rows = await rowsOf<{ id: unknown; first: string | null; last: string | null; email: string | null }>(
    db,
    sql`select c.id, ${column('firstName')} as first, ${column('lastName')} as last, ${column('email')} as email from ${sql.identifier(meta.table)} c
        where (${sql.join(belongs, sql` or `)}) and c.deleted_at is null${scope ? sql` and ${scope}` : sql``}
        order by ${sql.join([...rank, column('lastName'), column('firstName'), sql`c.id`], sql`, `)} limit 200`,
  );
  return rows.map((r) => ({ module: 'contact' as const, id: Number(r.id), name: [r.first, r.last].filter(Boolean).join(' '), email: r.email || null }));
}
