import { sql } from 'drizzle-orm';
import { index } from 'drizzle-orm/pg-core';
import type { FilterNode } from '@orbit/shared/crm/filter';
import { TASK_COMPLETED } from '@orbit/shared/crm/tasks';
import type { LayoutSeed, ModuleSeed } from '../engine/moduleSeed';
import { withSystemFields } from '../engine/moduleSeed';

const layout: LayoutSeed = {
  name: 'Task Layout',
  zh: '任务布局',
  sections: [
    { key: 'main', en: 'Task Information', zh: '任务信息', columns: 2, fields: ['subject', 'name', 'relatedTo', 'dueDate', 'status', 'priority', 'reminderAt', 'ownerId', 'completedAt'] },
    { key: 'description', en: 'Description', zh: '描述', columns: 1, fields: ['description'] },
    { key: 'system', en: 'System Information', zh: '系统信息', columns: 2, fields: ['createTime', 'createBy', 'updateTime', 'updateBy'] },
  ],
};

/** Still to do: the built-in to-do views (overdue, today, this week) show only these. */
const open: FilterNode = { field: 'status', op: 'ne', value: TASK_COMPLETED };
const OPEN_COLUMNS = ['subject', 'name', 'relatedTo', 'dueDate', 'status', 'priority'];

/** Tasks: things to do about a person (a lead or a contact: `name`) and a piece of business (an opportunity, an account or a campaign: `relatedTo`). */
export const taskSeed: ModuleSeed = {
  module: 'task',
  table: 'crm_task',
  nameFields: ['subject'],
  keyFields: ['dueDate', 'status', 'ownerId'],
  fields: withSystemFields(
    [
      { name: 'subject', type: 'text', maxLength: 255, en: 'Subject', zh: '主题', required: true, searchable: true },
      { name: 'dueDate', type: 'date', en: 'Due Date', zh: '截止日期' },
      { name: 'status', type: 'picklist', dictType: 'crm_task_status', en: 'Status', zh: '状态', required: true, defaultValue: 'not_started' },
      { name: 'priority', type: 'picklist', dictType: 'crm_task_priority', en: 'Priority', zh: '优先级', defaultValue: 'normal' },
      // As Salesforce's Name (who) and Related To (what): a task is about a person and about a piece of business, and shows on both timelines.
      { name: 'name', type: 'relatedRecord', relatedModules: ['leads', 'contact'], en: 'Name', zh: '联系人/线索' },
      { name: 'relatedTo', type: 'relatedRecord', relatedModules: ['opportunity', 'account', 'campaign'], en: 'Related To', zh: '相关记录' },
      { name: 'reminderAt', type: 'datetime', en: 'Reminder', zh: '提醒时间' },
      { name: 'description', type: 'textarea', maxLength: 32000, en: 'Description', zh: '描述', filterable: false },
      { name: 'completedAt', type: 'datetime', en: 'Completed', zh: '完成时间', readOnly: true },
    ],
    { ownerId: { en: 'Assigned To', zh: '被分配人' } },
  ),
  recordTypes: [],
  layout,
  views: [
    {
      name: 'myOpen', en: 'My Open Tasks', zh: '我的未完成任务', ownerScope: 'mine', columns: OPEN_COLUMNS,
      sortField: 'dueDate', sortOrder: 'asc', filter: open,
    },
    {
      name: 'overdue', en: 'Overdue Tasks', zh: '逾期任务', ownerScope: 'mine', columns: OPEN_COLUMNS,
      sortField: 'dueDate', sortOrder: 'asc', filter: { and: [open, { field: 'dueDate', op: 'relative', value: 'beforeToday' }] },
    },
    {
      name: 'today', en: "Today's Tasks", zh: '今日任务', ownerScope: 'mine', columns: OPEN_COLUMNS,
      sortField: 'dueDate', sortOrder: 'asc', filter: { and: [open, { field: 'dueDate', op: 'relative', value: 'today' }] },
    },
    {
      name: 'thisWeek', en: "This Week's Tasks", zh: '本周任务', ownerScope: 'mine', columns: OPEN_COLUMNS,
      sortField: 'dueDate', sortOrder: 'asc', filter: { and: [open, { field: 'dueDate', op: 'relative', value: 'thisWeek' }] },
    },
    { name: 'all', en: 'All Tasks', zh: '全部任务', columns: ['subject', 'name', 'relatedTo', 'dueDate', 'status', 'priority', 'ownerId'], sortField: 'dueDate', sortOrder: 'asc' },
  ],
  // On the calendar a task is an all-day entry on its due date; dragging it moves the due date.
  calendar: [{ key: 'due', start: 'dueDate', status: 'status', done: { field: 'status', op: 'eq', value: TASK_COMPLETED } }],
  reminder: { at: 'reminderAt', due: 'dueDate', dueKind: 'due', about: ['relatedTo', 'name'], open: sql`completed_at is null` },
  // The navbar's reminders (reminders/): the assignee's open tasks whose reminder time has come.
  indexes: (table, col) => [
    index(`${table}_reminder_due_idx`).on(col('owner_id'), col('reminder_at')).where(sql`deleted_at is null and reminder_at is not null and completed_at is null`),
    // My day's tasks (modules/crm/myDay): the assignee's open tasks due by a day.
    index(`${table}_owner_open_due_idx`).on(col('owner_id'), col('due_date')).where(sql`deleted_at is null and completed_at is null`),
  ],
};
