import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_KINDS, ACTIVITY_NAME_MODULES, type TimelineKind } from '@orbit/shared/crm/activities';
import { TASK_COMPLETED } from '@orbit/shared/crm/tasks';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { moduleHooksOf } from '../engine/crmModules';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { recordScope } from '../engine/query/recordScope';

/** The people whose activities also show on another record's timeline: a contact's on its account's. */
const ROLL_UP: Partial<Record<CrmModule, { module: CrmModule; field: string }>> = { account: { module: 'contact', field: 'accountId' } };

/** An activity's time on a timeline: a meeting's start, else when it was logged (the timeline indexes' expression). */
const ACTIVITY_TIME = sql`coalesce(a.start_at, a.create_time)`;
const OUTPUT = (kind: SQL, time: SQL, author: SQL, payload: SQL, canEdit: SQL) =>
  sql`${kind} as kind, ${time} as at, ${author} as author, ${payload} as payload, ${canEdit} as can_edit`;

/** `column` of alias `a` is not (module, id): null-safe, so an activity without `relatedTo` is kept. */
const isNot = (alias: string, pointer: string, module: string, id: number | SQL) =>
  sql`(${sql.identifier(alias)}.${sql.identifier(`${pointer}_module`)} is distinct from ${module} or ${sql.identifier(alias)}.${sql.identifier(`${pointer}_id`)} is distinct from ${id})`;
const is = (alias: string, pointer: string, module: string, id: number | SQL) =>
  sql`${sql.identifier(alias)}.${sql.identifier(`${pointer}_module`)} = ${module} and ${sql.identifier(alias)}.${sql.identifier(`${pointer}_id`)} = ${id}`;

export type TimelineScope = { meta: MetadataStore; user: CurrentUser; module: CrmModule; id: number; kinds: Set<TimelineKind> };

/**
 * The branches of one timeline's statement, each the newest `limit` entries of its kind (read from
 * an index in time order): the record's field history, its files, the tasks pointing at it (within
 * the caller's scope, for holders of the task list), and the activities naming it — directly, or
 * through a person of it (a contact's on its account). Activities follow the record: whoever may
 * open it sees them.
 */
export function timelineBranches({ meta, user, module, id, kinds }: TimelineScope, limit: number): SQL[] {
  const branches: SQL[] = [];
  const edit = hasPermission(user, PERMISSIONS[module].edit);
  if (kinds.has('change')) {
    branches.push(sql`(select h.id, ${OUTPUT(
      sql`'change'::text`,
      sql`h.create_time`,
      sql`h.user_id`,
      sql`jsonb_build_object('action', h.action, 'field', h.field, 'oldValue', h.old_value, 'newValue', h.new_value)`,
      sql`false`,
    )} from crm_record_history h where h.module = ${module} and h.record_id = ${id} order by h.create_time desc, h.id desc limit ${limit})`);
  }
  if (kinds.has('file')) {
    branches.push(sql`(select f.id, ${OUTPUT(
      sql`'file'::text`,
      sql`f.create_time`,
      sql`f.create_by`,
      sql`jsonb_build_object('fileName', f.file_name, 'contentType', f.content_type, 'size', f.size)`,
      edit ? sql`true` : sql`false`,
    )} from crm_attachment f where f.module = ${module} and f.record_id = ${id} order by f.create_time desc, f.id desc limit ${limit})`);
  }
  const task = meta.module('task');
  const taskPointers = task.fields.filter((f) => f.type === 'relatedRecord' && f.relatedModules?.includes(module));
  if (kinds.has('task') && taskPointers.length && hasPermission(user, PERMISSIONS.task.list)) {
    const scope = recordScope(user, 't');
    const status = sql.identifier(task.byName.get('status')!.column);
    const due = sql.identifier(task.byName.get('dueDate')!.column);
    const done = sql.identifier(task.byName.get('completedAt')!.column);
    const pointing = sql.join(taskPointers.map((f) => sql`(${is('t', f.column, module, id)})`), sql` or `);
    branches.push(sql`(select t.id, ${OUTPUT(
      sql`'task'::text`,
      // Open tasks stand at their due date (upcoming ones above today's entries), completed ones when they were done.
      sql`case when t.${status} = ${TASK_COMPLETED} and t.${done} is not null then t.${done} when t.${due} is not null then t.${due}::timestamptz else t.create_time end`,
      sql`t.create_by`,
      sql`to_jsonb(t) - 'search_text'`,
      hasPermission(user, PERMISSIONS.task.edit) ? sql`true` : sql`false`,
    )} from ${sql.identifier(task.table)} t where t.deleted_at is null and (${pointing})${scope ? sql` and ${scope}` : sql``} order by at desc, t.id desc limit ${limit})`);
  }
  const activityKinds = ACTIVITY_KINDS.filter((k) => kinds.has(k));
  if (activityKinds.length && (hasPermission(user, PERMISSIONS.activity.list) || hasPermission(user, PERMISSIONS.activity.query))) {
    const activity = meta.module('activity');
    const changeScope = moduleHooksOf('activity').changeScope?.(user, 'a');
    const canEdit = !hasPermission(user, PERMISSIONS.activity.edit) ? sql`false` : changeScope ? sql`(${changeScope})` : sql`true`;
    const ofKind = activityKinds.length === ACTIVITY_KINDS.length ? sql`` : sql` and a.kind in ${activityKinds}`;
    const select = (where: SQL) => sql`(select a.id, ${OUTPUT(
      sql`a.kind`,
      ACTIVITY_TIME,
      sql`a.create_by`,
      sql`(to_jsonb(a) - 'search_text') || jsonb_build_object('attendees', (select coalesce(jsonb_agg(jsonb_build_object('userId', x.user_id, 'module', x.person_module, 'id', x.person_id)), '[]'::jsonb) from crm_activity_attendee x where x.activity_id = a.id))`,
      canEdit,
    )} from ${sql.identifier(activity.table)} a where a.deleted_at is null and ${where}${ofKind} order by ${ACTIVITY_TIME} desc, a.id desc limit ${limit})`;
    // One branch per pointer, each an index range in time order; a later branch leaves out what an earlier one holds.
    branches.push(select(is('a', 'related_to', module, id)));
    if (ACTIVITY_NAME_MODULES.includes(module)) branches.push(select(sql`${is('a', 'name', module, id)} and ${isNot('a', 'related_to', module, id)}`));
    const rollUp = ROLL_UP[module];
    if (rollUp) {
      const people = meta.module(rollUp.module);
      const column = sql.identifier(people.byName.get(rollUp.field)!.column);
      const ids = sql`any(array(select p.id from ${sql.identifier(people.table)} p where p.${column} = ${id} and p.deleted_at is null))`;
      branches.push(
        select(sql`((a.name_module = ${rollUp.module} and a.name_id = ${ids}) or (a.related_to_module = ${rollUp.module} and a.related_to_id = ${ids})) and ${isNot('a', 'related_to', module, id)}`),
      );
    }
  }
  return branches;
}
