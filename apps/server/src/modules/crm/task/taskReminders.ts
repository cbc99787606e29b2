import { sql, type SQL } from 'drizzle-orm';
import { TASK_REMINDERS_SHOWN, type TaskReminder, type TaskRemindersBody } from '@orbit/shared/contract/taskReminders';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import { recordScope } from '../engine/query/recordScope';
import { selectList, toRecord } from '../engine/query/recordColumns';
import { rowsOf } from '../engine/query/sql';
import type { Caller } from '../engine/records/moduleRecords';
import { lookupLabels } from '../engine/records/lookupLabels';

/** What a reminder shows of its task. */
const SHOWN_FIELDS = ['subject', 'name', 'relatedTo', 'dueDate', 'reminderAt'];

/**
 * The assignee's task reminders. A reminder is due once its time has come, for an open (not
 * completed), present task the user is assigned to; what the user did with it (read, dismissed)
 * is a row of crm_task_reminder for that reminder time, so a moved reminder is due again. All of
 * it is read from the database on every call: any server process answers the same, and nothing
 * runs on a timer (the web app asks every minute).
 */
export function createTaskReminders(db: Db) {
  const meta = metadataOf(db);

  /** The caller's due reminders (crm_task_reminder_due_idx: owner, then reminder time). */
  const due = (user: CurrentUser): SQL => {
    const scope = recordScope(user);
    return sql`t.deleted_at is null and t.owner_id = ${user.userId} and t.completed_at is null and t.reminder_at is not null and t.reminder_at <= now()${scope ? sql` and ${scope}` : sql``}`;
  };
  /** The state the caller left for the task's current reminder time, if any. */
  const state = (user: CurrentUser) => sql`left join crm_task_reminder r on r.task_id = t.id and r.user_id = ${user.userId} and r.for_reminder_at = t.reminder_at`;

  /** Marks the caller's due reminders named (or all of them); any id that is not one changes nothing and answers 404. */
  async function mark(user: CurrentUser, body: TaskRemindersBody, dismiss: boolean): Promise<number> {
    return db.transaction(async (tx) => {
      const which = 'ids' in body ? sql` and t.id in ${body.ids}` : sql``;
      const rows = await rowsOf<{ id: unknown }>(tx, sql`select t.id from crm_task t where ${due(user)}${which} for update of t`);
      if ('ids' in body && rows.length !== new Set(body.ids).size) throw notFound(body.ids.length === 1 ? 'record.notFound' : 'record.someNotFound');
      if (!rows.length) return 0;
      const ids = rows.map((r) => Number(r.id));
      const dismissedAt = dismiss ? sql`now()` : sql`null`;
      await tx.execute(sql`
        insert into crm_task_reminder as r (task_id, user_id, for_reminder_at, read_at, dismissed_at)
        select t.id, ${user.userId}, t.reminder_at, now(), ${dismissedAt} from crm_task t where t.id in ${ids}
        on conflict (task_id, user_id) do update set
          read_at = case when r.for_reminder_at = excluded.for_reminder_at then coalesce(r.read_at, excluded.read_at) else excluded.read_at end,
          dismissed_at = case when r.for_reminder_at = excluded.for_reminder_at then coalesce(r.dismissed_at, excluded.dismissed_at) else excluded.dismissed_at end,
          for_reminder_at = excluded.for_reminder_at`);
      return ids.length;
    });
  }

  return {
    /** The caller's due reminders that are not dismissed, newest reminder first, with how many are unread. */
    async list({ user, lang }: Caller) {
      const fields = SHOWN_FIELDS.map((name) => meta.module('task').byName.get(name)!);
      const shown = sql`${due(user)} and r.dismissed_at is null`;
      const [counts] = await rowsOf<{ total: unknown; unread: unknown }>(
        db,
        sql`select count(*) as total, count(*) filter (where r.read_at is null) as unread from crm_task t ${state(user)} where ${shown}`,
      );
      const rows = await rowsOf(
        db,
        // The task's columns unqualified (crm_task_reminder's names differ from every one of them).
        sql`select ${selectList(fields)}, r.read_at as reminder_read_at from crm_task t ${state(user)}
            where ${shown} order by t.reminder_at desc, t.id desc limit ${TASK_REMINDERS_SHOWN}`,
      );
      const records: TaskReminder[] = rows.map((row) => ({ ...toRecord(row, fields), read: row.reminder_read_at !== null && row.reminder_read_at !== undefined }));
      return { total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0), rows: records, lookups: await lookupLabels(db, meta, user, records, fields, lang) };
    },
    read: (user: CurrentUser, body: TaskRemindersBody) => mark(user, body, false),
    dismiss: (user: CurrentUser, body: TaskRemindersBody) => mark(user, body, true),
  };
}
