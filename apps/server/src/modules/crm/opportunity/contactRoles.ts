import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CONTACT_ROLE_DICT } from '@orbit/shared/constants';
import type { ContactCandidate, ContactRole } from '@orbit/shared/contract/contactRoles';
import type { Db, Executor } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { containsPattern } from '../../../lib/listQuery';
import type { CurrentUser } from '../../auth/currentUser';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { securedDef } from '../fieldSecurity/fieldAccess';
import { searchTextMatches } from '../engine/query/quickSearch';
import { mayNameRecord, nameExpression, nameSeenBy } from '../engine/query/recordName';
import { readScope, recordAccess, writeScope } from '../engine/query/recordAccess';
import { rowsOf, tableOf } from '../engine/query/sql';
import { createRecordsRepository } from '../engine/records/recordsRepository';
import type { Caller } from '../engine/records/moduleRecords';

const where = (parts: Array<SQL | undefined>) => sql.join(parts.filter((p): p is SQL => p !== undefined), sql` and `);
/** How many contacts the role dialog offers at once (it searches for more). */
const CANDIDATES = 20;

type RoleRow = {
  id: unknown; opportunity_id: unknown; opportunity_name: unknown; contact_id: unknown; contact_name: unknown; account_name: unknown; role: unknown; is_primary: unknown;
};
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const toRole = (r: RoleRow): ContactRole => ({
  id: Number(r.id),
  opportunityId: Number(r.opportunity_id),
  opportunityName: text(r.opportunity_name),
  contactId: Number(r.contact_id),
  contactName: text(r.contact_name),
  accountName: text(r.account_name),
  role: String(r.role),
  isPrimary: r.is_primary === true,
});

/**
 * Opportunity contact roles (docs/contact-roles.md). Reading them is reading the opportunity,
 * changing them is editing it: it must be present and one the caller may read, or write (the
 * access predicate: role scope, module default, share, team — else 404, like a missing one; one
 * shared read-only answers 403); a contact given a role must be one the caller may read. Rows
 * whose opportunity or contact is in the recycle bin are hidden (and removed at purge: opportunity
 * and contact hooks). Names the caller may not see are null ("Restricted record").
 */
export function createContactRoles(db: Db, meta: MetadataStore) {
  const opportunities = () => meta.module('opportunity');
  const contacts = () => meta.module('contact');
  const accounts = () => meta.module('account');

  /**
   * The opportunity's account (null: none), the opportunity present and one the caller may read —
   * or, when `lock` (a change of its roles), write: locked, and one shared read-only says so (403).
   */
  async function opportunityInReach(tx: Executor, user: CurrentUser, opportunityId: number, lock: boolean): Promise<number | null> {
    const def = opportunities();
    const account = sql.identifier(def.byName.get('accountId')!.column);
    const repo = createRecordsRepository(tx, def);
    const read = readScope(user, 'opportunity');
    const [found] = lock
      ? await repo.lock(sql`${account} as account`, [opportunityId], writeScope(user, 'opportunity'))
      : await repo.select(sql`${account} as account`, [sql`id = ${opportunityId}`, read]);
    if (!found) {
      if (lock && (await repo.select(sql`id`, [sql`id = ${opportunityId}`, read])).length) throw forbidden('record.readOnly');
      throw notFound('record.notFound');
    }
    return found.account === null || found.account === undefined ? null : Number(found.account);
  }

  async function checkRole(tx: Executor, role: string) {
    const [known] = await tx
      .select({ value: sysDictData.dictValue })
      .from(sysDictData)
      .where(and(eq(sysDictData.dictType, CONTACT_ROLE_DICT), eq(sysDictData.dictValue, role), eq(sysDictData.status, '0')));
    if (!known) throw badRequest('contactRole.roleInvalid');
  }

  /** The role rows of `filter`, with their names as `user` may see them; hidden while either side is in the recycle bin. */
  async function rolesWhere(tx: Executor, user: CurrentUser, filter: SQL): Promise<ContactRole[]> {
    const [o, c, a] = [opportunities(), contacts(), accounts()];
    const accountColumn = sql.identifier(c.byName.get('accountId')!.column);
    const rows = await rowsOf<RoleRow>(
      tx,
      sql`select r.id, r.opportunity_id, ${nameSeenBy(user, o, 'o')} as opportunity_name, r.contact_id, ${nameSeenBy(user, c, 'c')} as contact_name,
                 case when ${mayNameRecord(user, c, 'c') ?? sql`true`} then ${nameSeenBy(user, a, 'a')} end as account_name, r.role, r.is_primary
          from crm_opportunity_contact_role r
          join ${tableOf(o.table)} o on o.id = r.opportunity_id and o.deleted_at is null
          join ${tableOf(c.table)} c on c.id = r.contact_id and c.deleted_at is null
          left join ${tableOf(a.table)} a on a.id = c.${accountColumn} and a.deleted_at is null
          where ${filter} order by r.is_primary desc, r.id`,
    );
    return rows.map(toRole);
  }

  /** Makes `roleId` the opportunity's only primary: the other is cleared first (the partial unique index holds one). */
  async function makePrimary(tx: Executor, opportunityId: number, roleId: number) {
    await tx.execute(sql`update crm_opportunity_contact_role set is_primary = false where opportunity_id = ${opportunityId} and is_primary and id <> ${roleId}`);
    await tx.execute(sql`update crm_opportunity_contact_role set is_primary = true where id = ${roleId}`);
  }

  /** The role `roleId` of the opportunity, its contact not in the recycle bin, or 404. */
  async function roleOf(tx: Executor, opportunityId: number, roleId: number) {
    const c = contacts();
    const [found] = await rowsOf<{ id: unknown }>(
      tx,
      sql`select r.id from crm_opportunity_contact_role r join ${tableOf(c.table)} c on c.id = r.contact_id and c.deleted_at is null
          where r.id = ${roleId} and r.opportunity_id = ${opportunityId} for update of r`,
    );
    if (!found) throw notFound('contactRole.notFound');
  }

  return {
    /** The opportunity's contact roles, the primary first. */
    async list({ user }: Caller, opportunityId: number): Promise<ContactRole[]> {
      await opportunityInReach(db, user, opportunityId, false);
      return rolesWhere(db, user, sql`r.opportunity_id = ${opportunityId}`);
    },

    /** The opportunities a contact (present, within scope) plays a part in, the primary roles first. */
    async ofContact({ user }: Caller, contactId: number): Promise<ContactRole[]> {
      const [found] = await createRecordsRepository(db, contacts()).select(sql`id`, [sql`id = ${contactId}`, readScope(user, 'contact')]);
      if (!found) throw notFound('record.notFound');
      return rolesWhere(db, user, sql`r.contact_id = ${contactId}`);
    },

    /**
     * Contacts the caller may see that have no role on the opportunity yet, `q` searching their
     * names, e-mail and phones: those of the opportunity's account first (Salesforce suggests them
     * alone; others stay reachable by search).
     */
    async candidates({ user }: Caller, opportunityId: number, q: string | undefined): Promise<ContactCandidate[]> {
      const account = await opportunityInReach(db, user, opportunityId, false);
      const [c, a] = [contacts(), accounts()];
      const accountColumn = sql`c.${sql.identifier(c.byName.get('accountId')!.column)}`;
      const same = account === null ? sql`false` : sql`coalesce(${accountColumn} = ${account}, false)`;
      const rows = await rowsOf<{ id: unknown; name: unknown; account_name: unknown; same: unknown }>(
        db,
        sql`select c.id, ${nameExpression(c, 'c')} as name, ${nameSeenBy(user, a, 'a')} as account_name, ${same} as same
            from ${tableOf(c.table)} c left join ${tableOf(a.table)} a on a.id = ${accountColumn} and a.deleted_at is null
            where ${where([
              sql`c.deleted_at is null`,
              recordAccess(user, 'contact', 'read', 'c'),
              sql`not exists (select 1 from crm_opportunity_contact_role r where r.opportunity_id = ${opportunityId} and r.contact_id = c.id)`,
              q ? searchTextMatches(securedDef(c, user), containsPattern(q.toLowerCase()), 'c') : undefined,
            ])}
            order by ${same} desc, 2, c.id limit ${CANDIDATES}`,
      );
      return rows.map((r) => ({ id: Number(r.id), name: String(r.name), accountName: text(r.account_name), sameAccount: r.same === true }));
    },

    /** Gives a contact (one the caller may see) a role on the opportunity; `isPrimary` makes it the only primary. */
    async add({ user }: Caller, opportunityId: number, body: { contactId: number; role: string; isPrimary?: boolean }): Promise<number> {
      return db.transaction(async (tx) => {
        await opportunityInReach(tx, user, opportunityId, true);
        const [contact] = await createRecordsRepository(tx, contacts()).select(sql`id`, [sql`id = ${body.contactId}`, mayNameRecord(user, contacts())]);
        if (!contact) throw notFound('record.notFound');
        await checkRole(tx, body.role);
        const [created] = await rowsOf<{ id: unknown }>(
          tx,
          sql`insert into crm_opportunity_contact_role (opportunity_id, contact_id, role, create_by)
              values (${opportunityId}, ${body.contactId}, ${body.role}, ${user.userId})
              on conflict (opportunity_id, contact_id) do nothing returning id`,
        );
        if (!created) throw badRequest('contactRole.contactTaken');
        const id = Number(created.id);
        if (body.isPrimary) await makePrimary(tx, opportunityId, id);
        return id;
      });
    },

    /** Changes a role and/or whether it is the primary (true clears the previous primary in the same transaction). */
    async update({ user }: Caller, opportunityId: number, roleId: number, body: { role?: string; isPrimary?: boolean }): Promise<void> {
      await db.transaction(async (tx) => {
        await opportunityInReach(tx, user, opportunityId, true);
        await roleOf(tx, opportunityId, roleId);
        if (body.role !== undefined) await checkRole(tx, body.role);
        await tx.execute(
          sql`update crm_opportunity_contact_role set ${body.role !== undefined ? sql`role = ${body.role}, ` : sql``}update_by = ${user.userId}, update_time = now() where id = ${roleId}`,
        );
        if (body.isPrimary === true) await makePrimary(tx, opportunityId, roleId);
        if (body.isPrimary === false) await tx.execute(sql`update crm_opportunity_contact_role set is_primary = false where id = ${roleId}`);
      });
    },

    /** Takes a contact's role off the opportunity (the contact stays). */
    async remove({ user }: Caller, opportunityId: number, roleId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await opportunityInReach(tx, user, opportunityId, true);
        await roleOf(tx, opportunityId, roleId);
        await tx.execute(sql`delete from crm_opportunity_contact_role where id = ${roleId}`);
      });
    },
  };
}
