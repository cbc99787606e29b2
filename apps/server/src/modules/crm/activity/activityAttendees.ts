import { sql } from 'drizzle-orm';
import { activityAttendees } from '@orbit/shared/contract/timeline';
import { ATTENDEES_MAX } from '@orbit/shared/crm/activities';
import type { Executor } from '../../../db/client';
import { fieldError } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { moduleSeedOf } from '../engine/crmModules';
import { recordAccess } from '../engine/query/recordAccess';
import { rowsOf } from '../engine/query/sql';

/**
 * Replaces a meeting's attendees by those sent (`{users, people}`): active users, and leads or
 * contacts the caller may read (the access predicate: role scope, module default, share, team; else 400/404-like field errors and nothing is written — the
 * activity's transaction is refused as a whole).
 */
export async function writeAttendees(tx: Executor, user: CurrentUser, activityId: number, sent: unknown): Promise<void> {
  const parsed = activityAttendees.safeParse(sent);
  if (!parsed.success) throw fieldError('attendees', 'activity.badAttendees', { max: ATTENDEES_MAX });
  const users = [...new Set(parsed.data.users)];
  const people = [...new Map(parsed.data.people.map((p) => [`${p.module}:${p.id}`, p])).values()];
  if (users.length) {
    const found = await rowsOf(tx, sql`select user_id from sys_user where user_id in ${users} and del_flag = '0' and status = '0'`);
    if (found.length !== users.length) throw fieldError('attendees', 'activity.attendeeNotFound');
  }
  for (const module of ['leads', 'contact'] as const) {
    const ids = people.filter((p) => p.module === module).map((p) => p.id);
    if (!ids.length) continue;
    const scope = recordAccess(user, module, 'read');
    const found = await rowsOf(
      tx,
      sql`select id from ${sql.identifier(moduleSeedOf(module).table)} where id in ${ids} and deleted_at is null${scope ? sql` and ${scope}` : sql``}`,
    );
    if (found.length !== ids.length) throw fieldError('attendees', 'activity.attendeeNotFound');
  }
  await tx.execute(sql`delete from crm_activity_attendee where activity_id = ${activityId}`);
  const rows = [
    ...users.map((userId) => sql`(${activityId}, ${userId}, null, null)`),
    ...people.map((p) => sql`(${activityId}, null, ${p.module}, ${p.id})`),
  ];
  if (rows.length) await tx.execute(sql`insert into crm_activity_attendee (activity_id, user_id, person_module, person_id) values ${sql.join(rows, sql`, `)}`);
}

/**
 * For a merge of leads or contacts (`activityHooks.mergeLinks`, in the merge's transaction): the
 * merged people's places at meetings go to the survivor; where the survivor is already at the same
 * meeting, the merged row is dropped (one row per person per meeting).
 */
export async function moveAttendees(tx: Executor, module: 'leads' | 'contact', survivorId: number, mergedIds: number[]): Promise<void> {
  const merged = mergedIds.filter((id) => id !== survivorId);
  if (!merged.length) return;
  await tx.execute(sql`
    delete from crm_activity_attendee a where a.person_module = ${module} and a.person_id in ${merged}
      and exists (select 1 from crm_activity_attendee kept where kept.activity_id = a.activity_id and kept.person_module = ${module}
        and (kept.person_id = ${survivorId} or (kept.person_id in ${merged} and kept.person_id < a.person_id)))`);
  await tx.execute(sql`update crm_activity_attendee set person_id = ${survivorId} where person_module = ${module} and person_id in ${merged}`);
}
