import { sql, type SQL } from 'drizzle-orm';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { AccessReason, ModuleAccess, RecordShare, RecordSharing, ShareRecipient } from '@orbit/shared/contract/sharing';
import type { Executor } from '../../../db/client';
import { badRequest, notFound } from '../../../lib/errors';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { readScope, sharedWith, teamOf, writeScope } from '../engine/query/recordAccess';
import { recordScope } from '../engine/query/recordScope';
import { rowsOf, tableOf } from '../engine/query/sql';
import { lockAll, recordNotFound, type ModuleRecords } from '../engine/records/moduleRecords';

const asBool = (v: unknown) => v === true || v === 't' || v === 'true';
const orTrue = (c: SQL | undefined) => c ?? sql`true`;

/** The name of a share's recipient, by its kind (a correlated sub-select on `s`). */
const recipientName = sql`case s.recipient_kind
  when 'user' then (select u.nick_name from sys_user u where u.user_id = s.recipient_id)
  when 'role' then (select r.role_name from sys_role r where r.role_id = s.recipient_id)
  when 'dept' then (select d.dept_name from sys_dept d where d.dept_id = s.recipient_id) end`;

/**
 * The Sharing panel of a record (docs/architecture.md, "Sharing"): who owns it, the module's
 * default, the manual shares, and the caller's own access with its reasons — each reason asked of
 * the database with the same conditions the access predicate is made of (query/recordAccess.ts).
 */
export async function recordSharing(m: ModuleRecords, user: CurrentUser, id: number): Promise<RecordSharing> {
  const table = tableOf(m.def().table);
  const [row] = await rowsOf<Record<string, unknown>>(
    m.db,
    sql`select t.owner_id, (select nick_name from sys_user where user_id = t.owner_id) as owner_name,
          ${orTrue(writeScope(user, m.module, 't'))} as can_edit,
          ${orTrue(recordScope(user, 't'))} as by_role,
          ${sharedWith(user, m.module, 'read', 't', 'manual')} as by_share,
          ${sharedWith(user, m.module, 'read', 't', 'rule')} as by_rule,
          ${teamOf(user, m.module, 'read', 't') ?? sql`false`} as by_team
        from ${table} t where t.id = ${id} and t.deleted_at is null and ${orTrue(readScope(user, m.module, 't'))}`,
  );
  if (!row) throw recordNotFound();
  const moduleAccess: ModuleAccess = user.moduleAccess?.[m.module] ?? 'private';
  const ownerId = row.owner_id === null ? null : Number(row.owner_id);
  const reasons: AccessReason[] = [];
  if (ownerId === user.userId) reasons.push('owner');
  if (asBool(row.by_role) && ownerId !== user.userId) reasons.push('roleScope');
  if (moduleAccess !== 'private') reasons.push('moduleDefault');
  if (asBool(row.by_share)) reasons.push('manualShare');
  if (asBool(row.by_team)) reasons.push('team');
  if (asBool(row.by_rule)) reasons.push('rule');
  const canEdit = asBool(row.can_edit);
  const shares = await rowsOf<Record<string, unknown>>(
    m.db,
    sql`select s.id, s.recipient_kind, s.recipient_id, ${recipientName} as recipient_name, s.can_write, s.shared_by,
          (select nick_name from sys_user where user_id = s.shared_by) as shared_by_name, s.created_at,
          s.rule_id, (select r.name from crm_sharing_rule r where r.id = s.rule_id) as rule_name
        from crm_record_share s where s.module = ${m.module} and s.record_id = ${id} order by s.id`,
  );
  return {
    ownerId,
    ownerName: String(row.owner_name ?? ''),
    moduleAccess,
    mine: { canRead: true, canEdit, canShare: canEdit && hasPermission(user, PERMISSIONS.sharing.share), reasons },
    shares: shares.map(
      (s): RecordShare => ({
        id: Number(s.id),
        recipientKind: s.recipient_kind as ShareRecipient,
        recipientId: Number(s.recipient_id),
        recipientName: String(s.recipient_name ?? ''),
        canWrite: asBool(s.can_write),
        sharedBy: Number(s.shared_by),
        sharedByName: String(s.shared_by_name ?? ''),
        createdAt: new Date(String(s.created_at)).toISOString(),
        ruleId: s.rule_id === null ? null : Number(s.rule_id),
        ruleName: s.rule_id === null ? null : String(s.rule_name ?? ''),
      }),
    ),
  };
}

/** The recipient exists and is in use (an active user, a present role or department). */
async function recipientExists(db: Executor, kind: ShareRecipient, recipientId: number): Promise<boolean> {
  const query =
    kind === 'user'
      ? sql`select 1 from sys_user where user_id = ${recipientId} and del_flag = '0' and status = '0'`
      : kind === 'role'
        ? sql`select 1 from sys_role where role_id = ${recipientId} and del_flag = '0'`
        : sql`select 1 from sys_dept where dept_id = ${recipientId} and del_flag = '0'`;
  return (await rowsOf(db, query)).length > 0;
}

/**
 * Shares a record (or changes an existing share's level), in a transaction holding the record: the
 * caller must be able to change it (lockAll: read-only says so, out of reach is not found).
 */
export async function addShare(m: ModuleRecords, user: CurrentUser, id: number, share: { recipientKind: ShareRecipient; recipientId: number; canWrite: boolean }): Promise<void> {
  await m.db.transaction(async (tx) => {
    await lockAll(m, tx, user, [id], false);
    if (!(await recipientExists(tx, share.recipientKind, share.recipientId))) throw badRequest('sharing.badRecipient');
    await tx.execute(
      sql`insert into crm_record_share (module, record_id, recipient_kind, recipient_id, can_write, shared_by)
          values (${m.module}, ${id}, ${share.recipientKind}, ${share.recipientId}, ${share.canWrite}, ${user.userId})
          on conflict (module, record_id, recipient_kind, recipient_id) where rule_id is null do update set can_write = excluded.can_write, shared_by = excluded.shared_by, created_at = now()`,
    );
  });
}

/**
 * Revokes a share; the recipient's next request no longer has it (the predicate reads the table each
 * time). A sharing rule's share is the rule's to keep: it goes when the record stops matching.
 */
export async function removeShare(m: ModuleRecords, user: CurrentUser, id: number, shareId: number): Promise<void> {
  await m.db.transaction(async (tx) => {
    await lockAll(m, tx, user, [id], false);
    const [byRule] = await rowsOf<{ name: unknown }>(
      tx,
      sql`select r.name from crm_record_share s join crm_sharing_rule r on r.id = s.rule_id where s.id = ${shareId} and s.module = ${m.module} and s.record_id = ${id}`,
    );
    if (byRule) throw badRequest('sharing.ruleShare', { name: String(byRule.name) });
    const gone = await rowsOf(tx, sql`delete from crm_record_share where id = ${shareId} and module = ${m.module} and record_id = ${id} returning id`);
    if (!gone.length) throw notFound('sharing.notFound');
  });
}

/** Roles or departments in use, by name, for the Sharing panel's picker. */
export async function shareRecipients(db: Executor, kind: 'role' | 'dept'): Promise<Array<{ id: number; label: string }>> {
  const query =
    kind === 'role'
      ? sql`select role_id as id, role_name as label from sys_role where del_flag = '0' and status = '0' order by role_sort, role_id`
      : sql`select dept_id as id, dept_name as label from sys_dept where del_flag = '0' and status = '0' order by ancestors, order_num, dept_id`;
  return (await rowsOf<{ id: unknown; label: unknown }>(db, query)).map((r) => ({ id: Number(r.id), label: String(r.label ?? '') }));
}
