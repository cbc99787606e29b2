import { sql } from 'drizzle-orm';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { RecordTeam, TeamMember, TeamRole } from '@orbit/shared/contract/sharing';
import { badRequest, notFound } from '../../../lib/errors';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { readScope, writeScope } from '../engine/query/recordAccess';
import { rowsOf, tableOf } from '../engine/query/sql';
import { lockAll, recordNotFound, type ModuleRecords } from '../engine/records/moduleRecords';

const asBool = (v: unknown) => v === true || v === 't' || v === 'true';
const orTrue = (c: ReturnType<typeof readScope>) => c ?? sql`true`;

/**
 * The Team panel of an account or an opportunity (docs/architecture.md, "Sharing"): its members with
 * their team role and access level, listed to whoever may open the record; changed by those who may
 * change it and hold the share permission (as manual shares are).
 */
export async function recordTeam(m: ModuleRecords, user: CurrentUser, id: number): Promise<RecordTeam> {
  const [row] = await rowsOf<{ can_edit: unknown }>(
    m.db,
    sql`select ${orTrue(writeScope(user, m.module, 't'))} as can_edit from ${tableOf(m.def().table)} t
        where t.id = ${id} and t.deleted_at is null and ${orTrue(readScope(user, m.module, 't'))}`,
  );
  if (!row) throw recordNotFound();
  const members = await rowsOf<Record<string, unknown>>(
    m.db,
    sql`select t.id, t.user_id, u.nick_name as user_name, t.team_role, t.can_write, t.created_at,
          (select nick_name from sys_user where user_id = t.added_by) as added_by_name
        from crm_record_team_member t left join sys_user u on u.user_id = t.user_id
        where t.module = ${m.module} and t.record_id = ${id} order by t.id`,
  );
  return {
    canManage: asBool(row.can_edit) && hasPermission(user, PERMISSIONS.sharing.share),
    members: members.map(
      (r): TeamMember => ({
        id: Number(r.id),
        userId: Number(r.user_id),
        userName: String(r.user_name ?? ''),
        teamRole: String(r.team_role) as TeamRole,
        canWrite: asBool(r.can_write),
        addedByName: String(r.added_by_name ?? ''),
        createdAt: new Date(String(r.created_at)).toISOString(),
      }),
    ),
  };
}

/** Adds a member (or changes a member's role and access), in a transaction holding the record the caller may change. */
export async function addTeamMember(m: ModuleRecords, user: CurrentUser, id: number, member: { userId: number; teamRole: TeamRole; canWrite: boolean }): Promise<void> {
  await m.db.transaction(async (tx) => {
    await lockAll(m, tx, user, [id], false);
    const active = await rowsOf(tx, sql`select 1 from sys_user where user_id = ${member.userId} and del_flag = '0' and status = '0'`);
    if (!active.length) throw badRequest('sharing.badMember');
    await tx.execute(
      sql`insert into crm_record_team_member (module, record_id, user_id, team_role, can_write, added_by)
          values (${m.module}, ${id}, ${member.userId}, ${member.teamRole}, ${member.canWrite}, ${user.userId})
          on conflict (module, record_id, user_id) do update set team_role = excluded.team_role, can_write = excluded.can_write, added_by = excluded.added_by`,
    );
  });
}

/** Removes a member; their next request no longer reaches the record (the predicate reads the table each time). */
export async function removeTeamMember(m: ModuleRecords, user: CurrentUser, id: number, memberId: number): Promise<void> {
  await m.db.transaction(async (tx) => {
    await lockAll(m, tx, user, [id], false);
    const gone = await rowsOf(tx, sql`delete from crm_record_team_member where id = ${memberId} and module = ${m.module} and record_id = ${id} returning id`);
    if (!gone.length) throw notFound('sharing.memberNotFound');
  });
}
