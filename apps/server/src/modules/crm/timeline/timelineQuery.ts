import { hiddenFieldNames } from '../fieldSecurity/hiddenFields';
import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_KINDS, ACTIVITY_NAME_MODULES, type TimelineKind } from '@orbit/shared/crm/activities';
import { TASK_COMPLETED } from '@orbit/shared/crm/tasks';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { moduleHooksOf } from '../engine/crmModules';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { readScope } from '../engine/query/recordAccess';

/** The people whose activities and tasks also show on another record's timeline: a contact's on its account's. */
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

/** The ids of a record's people (an account's contacts), read first so each pointer test is an index lookup. */
function peopleOf(meta: MetadataStore, rollUp: { module: CrmModule; field: string }, id: number): SQL {
  const people = meta.module(rollUp.module);
  const column = sql.identifier(people.byName.get(rollUp.field)!.column);
  return sql`any(array(select p.id from ${sql.identifier(people.table)} p where p.${column} = ${id} and p.deleted_at is null))`;
}

export type TimelineScope = { meta: MetadataStore; user: CurrentUser; module: CrmModule; id: number; kinds: Set<TimelineKind> };

/**
 * The branches of one timeline's statement, each the newest `limit` entries of its kind (read from
 * an index in time order): the record's field history, its files, the tasks pointing at it (those
 * the caller may read — the access predicate of tasks —, for holders of the task list), and the activities naming it — directly, or
 * through a person of it (a contact's on its account). Activities follow the record: whoever may
 * open it sees them.
 */
export function timelineBranches({ meta, user, module, id, kinds }: TimelineScope, limit: number): SQL[] {
  const branches: SQL[] = [];
  const rollUp = ROLL_UP[module];
  const peopleIds = rollUp && peopleOf(meta, rollUp, id);
  const edit = hasPermission(user, PERMISSIONS[module].edit);
  if (kinds.has('change')) {
    // Changes of fields the user may not see (field-level security) are left out.
    const hidden = hiddenFieldNames(meta.module(module), user);
    const seen = hidden.length ? sql` and (h.field is null or h.field not in ${hidden})` : sql``;
    branches.push(sql`(select h.id, ${OUTPUT(
      sql`'change'::text`,
      sql`h.create_time`,
      sql`h.user_id`,
      sql`jsonb_build_object('action', h.action, 'field', h.field, 'oldValue', h.old_value, 'newValue', h.new_value)`,
      sql`false`,
    )} from crm_record_history h where h.module = ${module} and h.record_id = ${id}${seen} order by h.create_time desc, h.id desc limit ${limit})`);
  }
  if (kinds.has('approval')) {
    // The approval trail (issue 34): submitted, approved or rejected with the comment, recalled.
    branches.push(sql`(select e.id, ${OUTPUT(
      sql`'approval'::text`,
      sql`e.create_time`,
      sql`e.user_id`,
      sql`jsonb_build_object('event', e.event, 'comment', e.comment, 'process', coalesce((select p.name from crm_approval_request r join crm_approval_process p on p.id = r.process_id where r.id = e.request_id), ''))`,
      sql`false`,
    )} from crm_approval_event e where e.module = ${module} and e.record_id = ${id} order by e.create_time desc, e.id desc limit ${limit})`);
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
  if (kinds.has('email')) {
    // Mail sent from Orbit and received by its dropbox, on every record it concerns (crm_email_link): whoever may open the record reads it.
    branches.push(sql`(select m.id, ${OUTPUT(
      sql`'email'::text`,
      sql`m.create_time`,
      sql`m.create_by`,
      sql`jsonb_build_object('subject', m.subject, 'from', m.from_address, 'to', m.to_addresses, 'cc', m.cc_addresses, 'bcc', m.bcc_addresses, 'body', m.body, 'status', m.status, 'answer', m.answer, 'sentAt', m.sent_at, 'attachments', m.attachment_names, 'module', m.module, 'recordId', m.record_id, 'direction', m.direction, 'threadId', coalesce(m.thread_id, m.id))`,
      sql`false`,
    )} from crm_email_link l join crm_email m on m.id = l.email_id where l.module = ${module} and l.record_id = ${id} order by m.create_time desc, m.id desc limit ${limit})`);
  }
  if (kinds.has('workflow') && hasPermission(user, PERMISSIONS[module].list)) {
    // The runs of workflow rules on the record (issue 34): what automation did to it, and what failed.
    branches.push(sql`(select r.id, ${OUTPUT(
      sql`'workflow'::text`,
      sql`r.create_time`,
      sql`null::bigint`,
      sql`jsonb_build_object('ruleId', r.rule_id, 'ruleName', w.name, 'status', r.status, 'attempts', r.attempts, 'error', r.error)`,
      sql`false`,
    )} from crm_workflow_run r left join crm_workflow_rule w on w.id = r.rule_id where r.module = ${module} and r.record_id = ${id} order by r.create_time desc, r.id desc limit ${limit})`);
  }
  const task = meta.module('task');
  const taskPointers = task.fields.filter((f) => f.type === 'relatedRecord' && f.relatedModules?.includes(module));
  // A task naming one of the record's people (a contact of the account) is on its timeline too.
  const taskPeoplePointers = rollUp ? task.fields.filter((f) => f.type === 'relatedRecord' && f.relatedModules?.includes(rollUp.module)) : [];
  if (kinds.has('task') && taskPointers.length + taskPeoplePointers.length && hasPermission(user, PERMISSIONS.task.list)) {
    const scope = readScope(user, 'task', 't');
    const status = sql.identifier(task.byName.get('status')!.column);
    const due = sql.identifier(task.byName.get('dueDate')!.column);
    const done = sql.identifier(task.byName.get('completedAt')!.column);
    const pointing = sql.join(
      [
        ...taskPointers.map((f) => sql`(${is('t', f.column, module, id)})`),
        ...taskPeoplePointers.map((f) => sql`(t.${sql.identifier(`${f.column}_module`)} = ${rollUp!.module} and t.${sql.identifier(`${f.column}_id`)} = ${peopleIds!})`),
      ],
      sql` or `,
    );
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
    if (rollUp) {
      const ids = peopleIds!;
      branches.push(
        select(sql`((a.name_module = ${rollUp.module} and a.name_id = ${ids}) or (a.related_to_module = ${rollUp.module} and a.related_to_id = ${ids})) and ${isNot('a', 'related_to', module, id)}`),
      );
    }
  }
  return branches;
}
