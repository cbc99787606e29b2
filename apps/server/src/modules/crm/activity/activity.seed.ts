import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import { ACTIVITY_KIND_DICT, ACTIVITY_NAME_MODULES, ACTIVITY_RELATED_MODULES, CALL_DIRECTION_DICT, CALL_OUTCOME_DICT } from '@orbit/shared/crm/activities';
import type { LayoutSeed, ModuleSeed } from '../engine/moduleSeed';
import { withSystemFields } from '../engine/moduleSeed';

const layout: LayoutSeed = {
  name: 'Activity Layout',
  zh: '活动布局',
  sections: [
    { key: 'main', en: 'Activity Information', zh: '活动信息', columns: 2, fields: ['kind', 'subject', 'name', 'relatedTo', 'ownerId'] },
    { key: 'call', en: 'Call', zh: '通话', columns: 2, fields: ['direction', 'durationMinutes', 'outcome'] },
    { key: 'meeting', en: 'Meeting', zh: '会议', columns: 2, fields: ['startAt', 'endAt', 'allDay', 'location', 'reminderMinutes'] },
    { key: 'notes', en: 'Notes', zh: '备注', columns: 1, fields: ['notes'] },
    { key: 'system', en: 'System Information', zh: '系统信息', columns: 2, fields: ['createTime', 'createBy', 'updateTime', 'updateBy'] },
  ],
};

const unindexed = { sortable: false, filterable: false };
const COLUMNS = ['kind', 'subject', 'name', 'relatedTo', 'outcome', 'startAt', 'createTime', 'ownerId'];

/**
 * Activities: calls, meetings and notes logged on records (docs/records-engine.md, "Activities and
 * the timeline"). Like a task, an activity names a person (`name`: a lead or a contact) and what it
 * is about (`relatedTo`), and it shows on the timeline of every record it names; its owner is its
 * author. `notes` is rich text (HTML the engine cleans on every write).
 */
export const activitySeed: ModuleSeed = {
  module: 'activity',
  table: 'crm_activity',
  nameFields: ['subject'],
  keyFields: ['kind', 'createTime', 'ownerId'],
  // Meetings are on their owner's calendar from start to end (all day when ticked); a drag moves both.
  calendar: [{ key: 'meeting', start: 'startAt', end: 'endAt', allDay: 'allDay', where: { field: 'kind', op: 'eq', value: 'meeting' } }],
  // On the pages of what they name, activities are the timeline's entries, not a related list as well.
  relatedLists: false,
  // Attendees who are users see the meeting on their calendar and My day and are reminded of it.
  participants: { table: 'crm_activity_attendee', recordColumn: 'activity_id', userColumn: 'user_id' },
  reminder: { at: 'reminderAt', due: 'startAt', dueKind: 'start', about: ['relatedTo', 'name'], open: sql`kind = 'meeting'` },
  fields: withSystemFields(
    [
      { name: 'kind', type: 'picklist', dictType: ACTIVITY_KIND_DICT, en: 'Kind', zh: '类型', required: true, defaultValue: 'note' },
      { name: 'subject', type: 'text', maxLength: 255, en: 'Subject', zh: '主题', required: true, searchable: true },
      { name: 'name', type: 'relatedRecord', relatedModules: ACTIVITY_NAME_MODULES, en: 'Name', zh: '联系人/线索' },
      { name: 'relatedTo', type: 'relatedRecord', relatedModules: ACTIVITY_RELATED_MODULES, en: 'Related To', zh: '相关记录' },
      { name: 'direction', type: 'picklist', dictType: CALL_DIRECTION_DICT, en: 'Direction', zh: '通话方向' },
      { name: 'durationMinutes', type: 'number', decimals: 0, en: 'Duration (minutes)', zh: '时长（分钟）', ...unindexed },
      { name: 'outcome', type: 'picklist', dictType: CALL_OUTCOME_DICT, en: 'Outcome', zh: '通话结果' },
      { name: 'startAt', type: 'datetime', en: 'Start', zh: '开始时间' },
      { name: 'endAt', type: 'datetime', en: 'End', zh: '结束时间', ...unindexed },
      { name: 'allDay', type: 'checkbox', en: 'All Day', zh: '全天', ...unindexed },
      { name: 'location', type: 'text', maxLength: 255, en: 'Location', zh: '地点', ...unindexed },
      { name: 'reminderMinutes', type: 'number', decimals: 0, en: 'Reminder (minutes before)', zh: '提前提醒（分钟）', ...unindexed },
      // Derived (activity.hooks.ts): the start less the reminder's minutes, so the bell reads due reminders on an index.
      { name: 'reminderAt', type: 'datetime', en: 'Reminder Time', zh: '提醒时间', readOnly: true, ...unindexed },
      { name: 'notes', type: 'richtext', maxLength: 32000, en: 'Notes', zh: '备注', ...unindexed },
    ],
    { ownerId: { en: 'Author', zh: '记录人' } },
  ),
  recordTypes: [],
  layout,
  views: [
    { name: 'mine', en: 'My Activities', zh: '我的活动', ownerScope: 'mine', columns: COLUMNS },
    { name: 'calls', en: 'Calls', zh: '通话', columns: COLUMNS, filter: { field: 'kind', op: 'eq', value: 'call' } },
    { name: 'meetings', en: 'Meetings', zh: '会议', columns: COLUMNS, sortField: 'startAt', sortOrder: 'desc', filter: { field: 'kind', op: 'eq', value: 'meeting' } },
    { name: 'all', en: 'All Activities', zh: '全部活动', columns: COLUMNS },
  ],
  // The timeline (activity/timeline.ts) reads a record's activities newest first, an index range
  // per pointer: by what they are about and by whom they name, at their time (a meeting's start).
  indexes: (table, col) => [
    index(`${table}_related_timeline_idx`)
      .on(col('related_to_module'), col('related_to_id'), sql`(coalesce(start_at, create_time))`, col('id'))
      .where(sql`deleted_at is null`),
    index(`${table}_name_timeline_idx`)
      .on(col('name_module'), col('name_id'), sql`(coalesce(start_at, create_time))`, col('id'))
      .where(sql`deleted_at is null`),
    // The bell (reminders/): the owner's meetings whose reminder time has come.
    index(`${table}_reminder_due_idx`).on(col('owner_id'), col('reminder_at')).where(sql`deleted_at is null and reminder_at is not null`),
  ],
};
