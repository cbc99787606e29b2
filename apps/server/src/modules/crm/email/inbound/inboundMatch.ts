import { sql, type SQL } from 'drizzle-orm';
import { CLOSED_LOST, CLOSED_WON } from '@orbit/shared/crm/opportunityStages';
import type { EmailModule } from '@orbit/shared/crm/email';
import type { Db, Executor } from '../../../../db/client';
import type { CurrentUser } from '../../../auth/currentUser';
import { recordAccess } from '../../engine/query/recordAccess';
import { rowsOf } from '../../engine/query/sql';
import { moduleRecordsOf } from '../../engine/records/moduleRecords';

export type MatchedRecord = { module: EmailModule; recordId: number };
/** The mail a received one answers (In-Reply-To / References), and the first of its thread. */
export type ThreadOrigin = { emailId: number; threadId: number };

/** The order records are listed in: the people first (a received mail's own record is its first person). */
const ORDER: EmailModule[] = ['contact', 'leads', 'account', 'opportunity'];

/**
 * The records a received mail goes on, within the SENDER's scope (engine/query/recordAccess.ts, the
 * same predicate every read uses), in one statement:
 *
 * - leads and contacts whose e-mail is one of `addresses` (lower(email), the indexes
 *   crm_lead_email_lower_idx / crm_contact_email_lower_idx),
 * - the records of the mails it answers (`references`: its In-Reply-To and References, matched to
 *   the Message-IDs Orbit sent or received), so a reply threads onto them,
 * - the accounts of the contacts found, and their open opportunities.
 *
 * A record outside the sender's scope is never among them, whatever the mail says.
 */
export async function matchRecords(db: Db, user: CurrentUser, addresses: string[], references: string[]): Promise<MatchedRecord[]> {
  if (!addresses.length && !references.length) return [];
  const defOf = (module: EmailModule) => moduleRecordsOf(db, module).def();
  const col = (module: EmailModule, name: string, alias: string) => sql`${sql.identifier(alias)}.${sql.identifier(defOf(module).byName.get(name)!.column)}`;
  const table = (module: EmailModule) => sql.identifier(defOf(module).table);
  const scoped = (module: EmailModule, alias: string) => {
    const scope = recordAccess(user, module, 'read', alias);
    return scope ? sql` and ${scope}` : sql``;
  };
  // Records of the mails answered: ids per module, from crm_email_link (an index range per mail).
  const threaded = (module: EmailModule): SQL =>
    references.length
      ? sql`any(array(select l.record_id from crm_email m join crm_email_link l on l.email_id = m.id where m.message_id in ${references} and l.module = ${module}))`
      : sql`any('{}'::bigint[])`;
  const byAddress = (module: EmailModule, alias: string) => (addresses.length ? sql`lower(${col(module, 'email', alias)}) in ${addresses}` : sql`false`);

  const rows = await rowsOf<{ module: EmailModule; id: unknown }>(
    db,
    sql`with people as (
          select c.id, ${col('contact', 'accountId', 'c')} as account_id from ${table('contact')} c
          where c.deleted_at is null and (${byAddress('contact', 'c')} or c.id = ${threaded('contact')})${scoped('contact', 'c')}
        ), accounts as (
          select distinct account_id as id from people where account_id is not null
        )
        select 'contact' as module, id from people
        union
        select 'leads', l.id from ${table('leads')} l
          where l.deleted_at is null and (${byAddress('leads', 'l')} or l.id = ${threaded('leads')})${scoped('leads', 'l')}
        union
        select 'account', a.id from ${table('account')} a
          where a.deleted_at is null and (a.id in (select id from accounts) or a.id = ${threaded('account')})${scoped('account', 'a')}
        union
        select 'opportunity', o.id from ${table('opportunity')} o
          where o.deleted_at is null and (
            (${col('opportunity', 'accountId', 'o')} in (select id from accounts) and ${col('opportunity', 'stage', 'o')} not in (${CLOSED_WON}, ${CLOSED_LOST}))
            or o.id = ${threaded('opportunity')})${scoped('opportunity', 'o')}`,
  );
  return rows
    .map((r) => ({ module: r.module, recordId: Number(r.id) }))
    .sort((a, b) => ORDER.indexOf(a.module) - ORDER.indexOf(b.module) || a.recordId - b.recordId);
}

/** The mail a received one answers, by the newest of its References Orbit knows (In-Reply-To first). */
export async function threadOrigin(db: Executor, references: string[]): Promise<ThreadOrigin | null> {
  if (!references.length) return null;
  const rows = await rowsOf<{ id: unknown; thread_id: unknown; message_id: string }>(
    db,
    sql`select id, thread_id, message_id from crm_email where message_id in ${references}`,
  );
  // References lists the thread oldest first and In-Reply-To comes first in `references`: the first known one is the mail answered.
  const found = references.map((ref) => rows.find((r) => r.message_id === ref)).find(Boolean);
  if (!found) return null;
  return { emailId: Number(found.id), threadId: found.thread_id === null ? Number(found.id) : Number(found.thread_id) };
}

/**
 * The Orbit user a received mail is from: the From address of an active user (sys_user.email is
 * stored normalised, and unique among present users). Undefined: the mail is refused.
 */
export async function senderUserId(db: Db, address: string): Promise<number | undefined> {
  if (!address) return undefined;
  const [row] = await rowsOf<{ user_id: unknown }>(db, sql`select user_id from sys_user where email = ${address} and del_flag = '0' and status = '0' limit 1`);
  return row ? Number(row.user_id) : undefined;
}

/**
 * The Orbit user a reply from outside is filed for: the sender of a mail sent from Orbit that it
 * answers (In-Reply-To or References naming its Message-ID, a random one only its recipients know).
 * Undefined when it answers none: the mail is refused like any stranger's.
 */
export async function repliedToUserId(db: Db, references: string[]): Promise<number | undefined> {
  if (!references.length) return undefined;
  const [row] = await rowsOf<{ create_by: unknown }>(db, sql`select create_by from crm_email where message_id in ${references} and direction = 'out' order by id desc limit 1`);
  return row ? Number(row.create_by) : undefined;
}
