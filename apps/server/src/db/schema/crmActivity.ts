import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The people at a meeting (an activity of kind `meeting`): each row is a user of the organisation
 * or a lead or contact (`person_module`, `person_id`). Written with the activity's create or update
 * (activity/activityAttendees.ts: the list sent replaces the old one); removed when it is purged.
 */
export const crmActivityAttendee = pgTable(
  'crm_activity_attendee',
  {
    activityId: bigint('activity_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    personModule: text('person_module'),
    personId: bigint('person_id', { mode: 'number' }),
  },
  (t) => [
    index('crm_activity_attendee_activity_idx').on(t.activityId),
    // A user's meetings as an attendee (calendar, My day, reminders).
    index('crm_activity_attendee_user_idx').on(t.userId, t.activityId).where(sql`user_id is not null`),
    uniqueIndex('crm_activity_attendee_user_key').on(t.activityId, t.userId).where(sql`user_id is not null`),
    uniqueIndex('crm_activity_attendee_person_key').on(t.activityId, t.personModule, t.personId).where(sql`person_id is not null`),
    check('crm_activity_attendee_one', sql`(user_id is null) <> (person_id is null and person_module is null)`),
  ],
);
