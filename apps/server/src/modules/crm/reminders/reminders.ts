import { sql } from 'drizzle-orm';
import { REMINDERS_SHOWN, type Reminder, type RemindersAnswer, type RemindersBody } from '@orbit/shared/contract/reminders';
import type { LookupLabels } from '@orbit/shared/contract/crm';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import type { CurrentUser } from '../../auth/currentUser';
import { metadataOf } from '../engine/metadata/metadataStore';
import { selectList, toRecord } from '../engine/query/recordColumns';
import { nameExpression } from '../engine/query/recordName';
import { rowsOf, tableOf } from '../engine/query/sql';
import type { Caller } from '../engine/records/moduleRecords';
import { lookupLabels } from '../engine/records/lookupLabels';
import { dueFor, reminderSources, type ReminderSource } from './reminderSources';

/** The state the caller left for the row's current reminder time, if any (the row aliased `t`). */
const stateOf = (source: ReminderSource, user: CurrentUser) =>
  sql`left join crm_reminder r on r.module = ${source.module} and r.record_id = t.id and r.user_id = ${user.userId} and r.for_reminder_at = t.${sql.identifier(source.at.column)}`;

const pointer = (value: unknown) => (value && typeof value === 'object' && 'id' in value ? (value as { module: string; id: number }) : null);

/**
 * The user's reminders in the navbar's bell, of every module that has them (tasks, meetings; see
 * reminderSources.ts). A reminder is due once its time has come; what the user did with it (read,
 * dismissed) is a row of crm_reminder for that reminder time, so a moved reminder is due again.
 * All of it is read from the database on every call: any server process answers the same, and
 * nothing runs on a timer (the web app asks every minute). One statement per module, each served
 * by its `(owner_id, reminder time)` index (and the participants' user index).
 */
export function createReminders(db: Db) {
  const meta = metadataOf(db);

  /** Marks the caller's due reminders named (or all of them); any that is not one changes nothing and answers 404. */
  async function mark(user: CurrentUser, body: RemindersBody, dismiss: boolean): Promise<number> {
    const sources = reminderSources(meta, user);
    // A named reminder of a module the caller has no reminders of is not one of theirs.
    if ('items' in body && body.items.some((i) => !sources.some((s) => s.module === i.module))) throw notFound('record.notFound');
    return db.transaction(async (tx) => {
      let marked = 0;
      for (const source of sources) {
        const named = 'items' in body ? [...new Set(body.items.filter((i) => i.module === source.module).map((i) => i.id))] : undefined;
        if (named && !named.length) continue;
        const which = named ? sql` and id in ${named}` : sql``;
        const rows = await rowsOf<{ id: unknown }>(tx, sql`select id from ${tableOf(source.def.table)} where ${dueFor(source, user)}${which} for update`);
        if (named && rows.length !== named.length) throw notFound(named.length === 1 ? 'record.notFound' : 'record.someNotFound');
        if (!rows.length) continue;
        const ids = rows.map((r) => Number(r.id));
        const dismissedAt = dismiss ? sql`now()` : sql`null`;
        await tx.execute(sql`
          insert into crm_reminder as r (module, record_id, user_id, for_reminder_at, read_at, dismissed_at)
          select ${source.module}, t.id, ${user.userId}, t.${sql.identifier(source.at.column)}, now(), ${dismissedAt} from ${tableOf(source.def.table)} t where t.id in ${ids}
          on conflict (module, record_id, user_id) do update set
            read_at = case when r.for_reminder_at = excluded.for_reminder_at then coalesce(r.read_at, excluded.read_at) else excluded.read_at end,
            dismissed_at = case when r.for_reminder_at = excluded.for_reminder_at then coalesce(r.dismissed_at, excluded.dismissed_at) else excluded.dismissed_at end,
            for_reminder_at = excluded.for_reminder_at`);
        marked += ids.length;
      }
      return marked;
    });
  }

  /** One source's due, undismissed reminders (newest first, at most the bell's rows) and its counts. */
  async function read(source: ReminderSource, { user, lang }: Caller) {
    const fields = [source.at, source.due, ...source.about];
    const shown = sql`${dueFor(source, user)} and r.dismissed_at is null`;
    const from = sql`from ${tableOf(source.def.table)} t ${stateOf(source, user)} where ${shown}`;
    const [counts] = await rowsOf<{ total: unknown; unread: unknown }>(db, sql`select count(*) as total, count(*) filter (where r.read_at is null) as unread ${from}`);
    const rows = await rowsOf(
      db,
      // The module's columns unqualified (crm_reminder's names differ from every one of them).
      sql`select ${selectList(fields)}, ${nameExpression(source.def)} as reminder_subject, r.read_at as reminder_read_at ${from}
          order by t.${sql.identifier(source.at.column)} desc, t.id desc limit ${REMINDERS_SHOWN}`,
    );
    const records = rows.map((row) => ({ row, record: toRecord(row, fields) }));
    const reminders: Reminder[] = records.map(({ row, record }) => ({
      module: source.module,
      id: record.id,
      subject: String(row.reminder_subject ?? ''),
      remindAt: String(record[source.at.name]),
      due: (record[source.due.name] as string | null | undefined) ?? null,
      dueKind: source.dueKind,
      about: source.about.map((f) => pointer(record[f.name])).find((p) => p !== null) ?? null,
      read: row.reminder_read_at !== null && row.reminder_read_at !== undefined,
    }));
    const lookups = await lookupLabels(db, meta, user, records.map((r) => r.record), source.about, lang);
    return { total: Number(counts?.total ?? 0), unread: Number(counts?.unread ?? 0), reminders, lookups };
  }

  return {
    /** The caller's due reminders that are not dismissed, newest reminder first, with how many are unread. */
    async list(caller: Caller): Promise<Omit<RemindersAnswer, 'code' | 'msg'>> {
      const perSource = await Promise.all(reminderSources(meta, caller.user).map((source) => read(source, caller)));
      const rows = perSource
        .flatMap((r) => r.reminders)
        .sort((a, b) => Date.parse(b.remindAt) - Date.parse(a.remindAt) || b.id - a.id)
        .slice(0, REMINDERS_SHOWN);
      const lookups: LookupLabels = {};
      for (const { lookups: some } of perSource) for (const [target, names] of Object.entries(some)) lookups[target as keyof LookupLabels] = { ...lookups[target as keyof LookupLabels], ...names };
      return { total: perSource.reduce((n, r) => n + r.total, 0), unread: perSource.reduce((n, r) => n + r.unread, 0), rows, lookups };
    },
    read: (user: CurrentUser, body: RemindersBody) => mark(user, body, false),
    dismiss: (user: CurrentUser, body: RemindersBody) => mark(user, body, true),
  };
}
