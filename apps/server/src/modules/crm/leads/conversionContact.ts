import { sql, type SQL } from 'drizzle-orm';
import type { CrmRecord, DuplicateMatch } from '@orbit/shared/contract/crm';
import type { Executor } from '../../../db/client';
import type { CurrentUser } from '../../auth/currentUser';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { nameExpression } from '../engine/query/recordName';
import { recordAccess } from '../engine/query/recordAccess';
import { PRESENT, col, rowsOf, tableOf } from '../engine/query/sql';

/** What of a lead carries over to the contact it becomes (the person; the company went to the account). */
export function contactFromLead(lead: CrmRecord, accountId: number, ownerId: number): Record<string, unknown> {
  return {
    salutation: lead.salutation,
    firstName: lead.firstName,
    lastName: lead.lastName,
    title: lead.title,
    accountId,
    email: lead.email,
    phone: lead.phone,
    mobile: lead.mobile,
    leadSource: lead.leadSource,
    mailingStreet: lead.street,
    mailingCity: lead.city,
    mailingState: lead.state,
    mailingPostalCode: lead.postalCode,
    mailingCountry: lead.country,
    ownerId,
  };
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const CANDIDATES = 10;

/**
 * Contacts of one account the lead may already be: the same e-mail, or the same first and last name
 * (case-insensitive, trimmed), that the caller may read (the access predicate: a contact shared
 * with them, or reached through its account's team, counts). `contactId` narrows to one contact:
 * whether it is a contact of that account at all (any name), which the conversion checks.
 */
export async function accountContacts(
  db: Executor,
  meta: MetadataStore,
  user: CurrentUser,
  lead: CrmRecord,
  accountId: number,
  contactId?: number,
): Promise<DuplicateMatch[]> {
  const def = meta.module('contact');
  const column = (name: string) => col(def.byName.get(name)!.column);
  const conditions: SQL[] = [PRESENT, sql`${column('accountId')} = ${accountId}`];
  const scope = recordAccess(user, 'contact', 'read');
  if (scope) conditions.push(scope);
  if (contactId !== undefined) conditions.push(sql`id = ${contactId}`);
  else {
    const email = text(lead.email);
    const [first, last] = [text(lead.firstName), text(lead.lastName)];
    const same: SQL[] = [];
    if (email) same.push(sql`lower(${column('email')}) = lower(${email})`);
    if (last) same.push(sql`lower(trim(${column('lastName')})) = lower(${last}) and lower(trim(coalesce(${column('firstName')}, ''))) = lower(${first ?? ''})`);
    if (!same.length) return [];
    conditions.push(sql`(${sql.join(same, sql` or `)})`);
  }
  const rows = await rowsOf<{ id: unknown; label: unknown; detail: unknown; owner: unknown }>(
    db,
    sql`select c.id, ${nameExpression(def, 'c')} as label, concat_ws(' · ', c.${sql.identifier(def.byName.get('title')!.column)}, c.${sql.identifier(def.byName.get('email')!.column)}) as detail,
          u.nick_name as owner
        from (select * from ${tableOf(def.table)} where ${sql.join(conditions, sql` and `)} order by id desc limit ${CANDIDATES}) c
        left join sys_user u on u.user_id = c.owner_id
        order by c.id desc`,
  );
  return rows.map((r) => ({ module: 'contact', id: Number(r.id), label: String(r.label ?? ''), detail: String(r.detail ?? ''), ownerName: String(r.owner ?? '') }));
}
