import { sql, type SQL } from 'drizzle-orm';
import type { UserRecordItem, UserRecordRef } from '@orbit/shared/contract/userRecords';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { FAVOURITES_KEPT, RECENT_RECORDS_KEPT } from '@orbit/shared/crm/userRecords';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Db, Executor } from '../../../db/client';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { moduleSeeds } from '../engine/crmModules';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { nameExpression } from '../engine/query/recordName';
import { readScope } from '../engine/query/recordAccess';
import { rowsOf } from '../engine/query/sql';

/** The two per-user lists: their table and the column holding when a record joined it. */
const LISTS = {
  recent: { table: 'crm_recent_record', at: 'viewed_at', kept: RECENT_RECORDS_KEPT },
  favourite: { table: 'crm_favourite_record', at: 'created_at', kept: FAVOURITES_KEPT },
} as const;
export type UserRecordList = keyof typeof LISTS;

/** Modules whose records the user may open (their detail page's permission), from the engine's loaded modules. */
const openableModules = (user: CurrentUser): CrmModule[] => moduleSeeds().map((s) => s.module).filter((m) => hasPermission(user, PERMISSIONS[m].query));

/**
 * Recently viewed records and favourites of the signed-in user (issue 31). Both lists hold only
 * module and id; every read names the records afresh and keeps only those present and within the
 * user's data scope today, so a record deleted, transferred away or no longer permitted drops out
 * (and comes back if it returns) without anything to clean up.
 */
export function createUserRecords(db: Db, meta: MetadataStore) {
  /** The record, if the user may open it now (permission, present, data scope); else why not. */
  async function assertOpenable(user: CurrentUser, ref: UserRecordRef): Promise<void> {
    if (!hasPermission(user, PERMISSIONS[ref.module].query)) throw forbidden();
    const def = meta.module(ref.module);
    const scope = readScope(user, ref.module);
    const [row] = await rowsOf(db, sql`select 1 from ${sql.identifier(def.table)} where id = ${ref.id} and deleted_at is null${scope ? sql` and ${scope}` : sql``}`);
    if (!row) throw notFound('record.notFound');
  }

  /**
   * One user's list, newest first, named: one statement, a branch per module the user may open,
   * each joining its table by primary key (the list holds at most `kept` rows).
   */
  async function list(user: CurrentUser, which: UserRecordList, limit?: number): Promise<UserRecordItem[]> {
    const { table, at, kept } = LISTS[which];
    const branches: SQL[] = openableModules(user).map((module) => {
      const def = meta.module(module);
      const scope = readScope(user, module, 't');
      return sql`select u.module, u.record_id as id, ${nameExpression(def, 't')} as name, u.${sql.identifier(at)} as at
                 from ${sql.identifier(table)} u join ${sql.identifier(def.table)} t on t.id = u.record_id
                 where u.user_id = ${user.userId} and u.module = ${module} and t.deleted_at is null${scope ? sql` and ${scope}` : sql``}`;
    });
    if (!branches.length) return [];
    const rows = await rowsOf<{ module: CrmModule; id: unknown; name: unknown; at: unknown }>(
      db,
      sql`select * from (${sql.join(branches, sql` union all `)}) named order by at desc, module, id limit ${limit ?? kept}`,
    );
    return rows.map((r) => ({ module: r.module, id: Number(r.id), name: String(r.name ?? ''), at: new Date(r.at as string | Date).toISOString() }));
  }

  return {
    list,

    /** Records a view of a record's detail page: moved to the top if already listed; the oldest past RECENT_RECORDS_KEPT go. */
    async recordView(user: CurrentUser, ref: UserRecordRef): Promise<void> {
      await assertOpenable(user, ref);
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into crm_recent_record (user_id, module, record_id, viewed_at) values (${user.userId}, ${ref.module}, ${ref.id}, now())
                             on conflict (user_id, module, record_id) do update set viewed_at = excluded.viewed_at`);
        await trim(tx, user.userId);
      });
    },

    /** Stars a record (again: nothing changes). Refused past FAVOURITES_KEPT. */
    async addFavourite(user: CurrentUser, ref: UserRecordRef): Promise<void> {
      await assertOpenable(user, ref);
      await db.transaction(async (tx) => {
        // The user's own rows are locked first, so two stars at once cannot both pass the count.
        const rows = await rowsOf<{ module: string; record_id: unknown }>(
          tx,
          sql`select module, record_id from crm_favourite_record where user_id = ${user.userId} for update`,
        );
        if (rows.some((r) => r.module === ref.module && Number(r.record_id) === ref.id)) return;
        if (rows.length >= FAVOURITES_KEPT) throw badRequest('favourite.full', { max: FAVOURITES_KEPT });
        await tx.execute(sql`insert into crm_favourite_record (user_id, module, record_id) values (${user.userId}, ${ref.module}, ${ref.id}) on conflict do nothing`);
      });
    },

    /** Un-stars a record, whatever became of it (a star on a record no longer seen can still be removed). */
    async removeFavourite(user: CurrentUser, ref: UserRecordRef): Promise<void> {
      await db.execute(sql`delete from crm_favourite_record where user_id = ${user.userId} and module = ${ref.module} and record_id = ${ref.id}`);
    },
  };
}

/** Keeps a user's RECENT_RECORDS_KEPT newest views (by the user index). */
async function trim(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`delete from crm_recent_record r where r.user_id = ${userId} and (r.module, r.record_id) not in (
      select module, record_id from crm_recent_record where user_id = ${userId} order by viewed_at desc, module, record_id limit ${RECENT_RECORDS_KEPT})`);
}

export type UserRecords = ReturnType<typeof createUserRecords>;
