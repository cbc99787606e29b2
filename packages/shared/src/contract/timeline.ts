import { z } from 'zod';
import { ATTENDEES_MAX, MENTIONS_MAX, TIMELINE_KINDS, TIMELINE_PAGE_DEFAULT, TIMELINE_PAGE_MAX, type TimelineKind } from '../crm/activities';
import type { CrmModule } from '../crm/modules';
import type { ApprovalEvent } from '../crm/approvals';
import type { HistoryAction, LookupLabels } from './crm';
import type { FieldValue } from '../crm/fieldValue';
import { stringValue } from '../validation';
import { jsonId } from './common';
import type { TimelineEmail } from './email';

/**
 * A record's timeline (`GET /crm/{module}/{id}/timeline?kinds=&pageNum=&pageSize=`, docs/records-engine.md,
 * "Activities and the timeline"): its field changes, tasks, activities and files, newest first.
 * `kinds`: comma-separated `TIMELINE_KINDS` (none: all).
 */
export const timelineQuery = z.object({
  kinds: stringValue()
    .max(200)
    .optional()
    .transform((s, ctx) => {
      const kinds = (s ?? '').split(',').map((k) => k.trim()).filter(Boolean);
      if (kinds.some((k) => !(TIMELINE_KINDS as readonly string[]).includes(k))) {
        ctx.addIssue({ code: 'custom', message: 'timeline.badKind' });
        return z.NEVER;
      }
      return kinds as TimelineKind[];
    }),
  pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE_DEFAULT),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

export type TimelineAttendee = { userId: number } | { module: CrmModule; id: number };

/** One entry: what it is, when, by whom, and what the kind carries. */
export type TimelineEntry = {
  kind: TimelineKind;
  /** The activity's, task's, file's or history row's id. */
  id: number;
  time: string;
  authorId: number | null;
  authorName: string | null;
  /** The caller may edit and delete it (an activity: its author, or an editor of a record it names). */
  canEdit: boolean;
  /** Field change: the history row. */
  change?: { action: HistoryAction; field: string | null; oldValue: FieldValue; newValue: FieldValue };
  /** A task's or an activity's fields, as the module's records carry them. */
  record?: Record<string, FieldValue>;
  /** A meeting's attendees. */
  attendees?: TimelineAttendee[];
  /** A file. */
  file?: { fileName: string; contentType: string; size: number };
  /** An e-mail sent from Orbit, with its delivery status. */
  email?: TimelineEmail;
  /** A workflow rule's run on the record (its error in the reader's language). */
  workflow?: { ruleId: number; ruleName: string; status: string; attempts: number; error: string | null };
  /** A step of the record's approval trail: submitted, approved, rejected or recalled, with the comment. */
  approval?: { event: ApprovalEvent; process: string; comment: string | null };
};

export type TimelinePage = { code: number; msg: string; rows: TimelineEntry[]; hasMore: boolean; lookups: LookupLabels };

/**
 * What a write of an activity carries besides its fields (body keys, never fields): a meeting's
 * attendees and the users a note mentions (each gets a notice in the bell).
 */
export const activityAttendees = z
  .object({
    users: z.array(jsonId).max(ATTENDEES_MAX).default([]),
    people: z.array(z.object({ module: z.enum(['leads', 'contact']), id: jsonId })).max(ATTENDEES_MAX).default([]),
  })
  .strict();
export type ActivityAttendees = z.infer<typeof activityAttendees>;
export const activityMentions = z.array(jsonId).max(MENTIONS_MAX);
