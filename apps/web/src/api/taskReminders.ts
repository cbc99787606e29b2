import type { TaskRemindersAnswer, TaskRemindersBody } from '@orbit/shared/contract/taskReminders';
import { request } from './request';

/**
 * The navbar's task reminders, apart from api/crm.ts so the signed-in shell does not carry the
 * records engine's calls. The list is asked for every minute: a failed poll says nothing by itself
 * (the bell shows it when opened).
 */
export const getTaskReminders = () => request<TaskRemindersAnswer>({ url: '/crm/task/reminders', showError: false });
export const markTaskRemindersRead = (body: TaskRemindersBody) => request<{ code: number; msg: string; data: number }>({ url: '/crm/task/reminders/read', method: 'PUT', data: body });
export const dismissTaskReminders = (body: TaskRemindersBody) =>
  request<{ code: number; msg: string; data: number }>({ url: '/crm/task/reminders/dismiss', method: 'PUT', data: body });
