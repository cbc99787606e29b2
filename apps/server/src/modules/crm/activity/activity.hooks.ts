import { sql } from 'drizzle-orm';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { fieldError } from '../../../lib/errors';
import type { ModuleHooks } from '../engine/moduleHooks';
import { rowsOf } from '../engine/query/sql';
import { activityChangeScope } from './activityChangeScope';
import { moveAttendees, writeAttendees } from './activityAttendees';
import { notifyMentions } from './activityMentions';

/** What a body holds for a field, else what the record holds (an update sends only what changed). */
const valueOf = (body: Record<string, unknown>, current: CrmRecord | undefined, name: string): unknown =>
  Object.hasOwn(body, name) ? body[name] : current?.[name];
const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * An activity's own rules on top of the engine's: its author is its owner (its note is a rich-text
 * field, cleaned by the engine); it names a person or a record; a call says its direction; a
 * meeting has a start and does not end before it. Attendees and mentions are body keys written
 * in the activity's transaction; an activity is changed by its author or an editor of what it names.
 */
export const activityHooks: ModuleHooks = {
  bodyKeys: ['attendees', 'mentions'],

  async beforeWrite({ body, current }) {
    const next: Record<string, unknown> = { ...body };
    // The owner is the author: never sent (a create takes the caller, an update keeps it).
    delete next.ownerId;
    if (isEmpty(valueOf(next, current, 'name')) && isEmpty(valueOf(next, current, 'relatedTo'))) throw fieldError('name', 'activity.namesNothing');
    const kind = valueOf(next, current, 'kind') ?? 'note';
    if (kind === 'call' && isEmpty(valueOf(next, current, 'direction'))) throw fieldError('direction', 'activity.directionRequired');
    if (kind === 'meeting') {
      const start = valueOf(next, current, 'startAt');
      const end = valueOf(next, current, 'endAt');
      if (isEmpty(start)) throw fieldError('startAt', 'activity.startRequired');
      // Well-formed times are the engine's check; only two readable ones are compared here.
      if (typeof start === 'string' && typeof end === 'string' && Date.parse(end) < Date.parse(start)) throw fieldError('endAt', 'activity.endBeforeStart');
    }
    return next;
  },

  async afterWrite({ tx, user, lang }, { id, extra }) {
    if (Object.hasOwn(extra, 'attendees')) await writeAttendees(tx, user, id, extra.attendees);
    if (!Object.hasOwn(extra, 'mentions')) return;
    const [row] = await rowsOf<Record<string, unknown>>(
      tx,
      sql`select subject, notes, name_module, name_id, related_to_module, related_to_id from crm_activity where id = ${id}`,
    );
    const pointer = (prefix: string) => (row?.[`${prefix}_id`] == null ? null : { module: String(row[`${prefix}_module`]), id: Number(row[`${prefix}_id`]) });
    const activity = { subject: row?.subject ?? '', notes: row?.notes ?? null, name: pointer('name'), relatedTo: pointer('related_to') } as unknown as CrmRecord;
    await notifyMentions(tx, user, lang, activity, extra.mentions);
  },

  /** A meeting's reminder time follows its start and the minutes before it; anything else reminds of nothing. */
  derivedValues(next): Record<string, FieldValue> {
    const start = typeof next.startAt === 'string' ? Date.parse(next.startAt) : NaN;
    const minutes = next.reminderMinutes === null || next.reminderMinutes === undefined ? NaN : Number(next.reminderMinutes);
    const due = next.kind === 'meeting' && Number.isFinite(start) && Number.isFinite(minutes) && minutes >= 0;
    return { reminderAt: due ? new Date(start - minutes * 60_000).toISOString() : null };
  },

  changeScope: activityChangeScope,

  /** Merged leads and contacts keep their places at meetings (the `name`/`relatedTo` pointers the engine re-points itself). */
  mergeLinks: {
    leads: async ({ tx }, survivorId, mergedIds) => moveAttendees(tx, 'leads', survivorId, mergedIds),
    contact: async ({ tx }, survivorId, mergedIds) => moveAttendees(tx, 'contact', survivorId, mergedIds),
  },

  /** Purged activities take their attendees with them. */
  async beforePurge(tx, ids) {
    await tx.execute(sql`delete from crm_activity_attendee where activity_id in ${ids}`);
  },
};
