import { z } from 'zod';
import { id } from './common';
import type { LookupLabels } from './crm';
import { CRM_MODULES, type CrmModule } from '../crm/modules';

/**
 * The navbar's reminders (docs/records-engine.md, "Participants and reminders"): the signed-in
 * user's records whose reminder time has come — open tasks they are assigned to, meetings they
 * own or attend —, newest reminder first, at most `REMINDERS_SHOWN`.
 */
export const REMINDERS_SHOWN = 50;

/** A due reminder: its record, name, reminder time, when it is due (`dueKind`: a due date or a start), what it is about, whether it was read. */
export type Reminder = {
  module: CrmModule;
  id: number;
  subject: string;
  remindAt: string;
  due: string | null;
  dueKind: 'due' | 'start';
  about: { module: string; id: number } | null;
  read: boolean;
};

/** `total`: due reminders not dismissed; `unread`: those not read yet (the bell's count). `lookups` names what they are about. */
export type RemindersAnswer = { code: number; msg: string; total: number; unread: number; rows: Reminder[]; lookups: LookupLabels };

const reminderRef = z.strictObject({ module: z.enum(CRM_MODULES), id });
export type ReminderRef = z.infer<typeof reminderRef>;

/** Mark some reminders (by record) or all the caller's due ones as read, or dismiss them. */
export const remindersBody = z.union([
  z.strictObject({ items: z.array(reminderRef).min(1, { error: 'validation.selectRecord' }).max(500) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type RemindersBody = z.infer<typeof remindersBody>;
