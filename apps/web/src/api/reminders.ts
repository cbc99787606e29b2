import type { RemindersAnswer, RemindersBody } from '@orbit/shared/contract/reminders';
import { request } from './request';

/**
 * The navbar's reminders (tasks, meetings), apart from api/crm.ts so the signed-in shell does not
 * carry the records engine's calls. The list is asked for every minute: a failed poll says nothing
 * by itself (the bell shows it when opened).
 */
export const getReminders = () => request<RemindersAnswer>({ url: '/crm/reminders', showError: false });
export const markRemindersRead = (body: RemindersBody) => request<{ code: number; msg: string; data: number }>({ url: '/crm/reminders/read', method: 'PUT', data: body });
export const dismissReminders = (body: RemindersBody) => request<{ code: number; msg: string; data: number }>({ url: '/crm/reminders/dismiss', method: 'PUT', data: body });
