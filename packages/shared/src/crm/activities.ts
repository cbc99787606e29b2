import type { CrmModule } from './modules';

/**
 * Activities (calls, meetings, notes logged on records; docs/records-engine.md, "Activities"):
 * the kinds the activity module's `kind` picklist holds (dictionary `crm_activity_kind`), and
 * what else the timeline of a record shows.
 */
export const ACTIVITY_KINDS = ['call', 'meeting', 'note'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_KIND_DICT = 'crm_activity_kind';
export const CALL_DIRECTION_DICT = 'crm_call_direction';
export const CALL_OUTCOME_DICT = 'crm_call_outcome';

/** What a timeline entry is: an activity's kind, a task, a file, a field change of the record itself, an e-mail sent from Orbit, a workflow rule's run on it, or a step of its approval trail. */
export const TIMELINE_KINDS = [...ACTIVITY_KINDS, 'task', 'file', 'change', 'email', 'workflow', 'approval'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** A timeline page: at most this many entries. */
export const TIMELINE_PAGE_MAX = 100;
export const TIMELINE_PAGE_DEFAULT = 20;

/** Whom an activity may name as its person (`name`) and what it may be about (`relatedTo`). */
export const ACTIVITY_NAME_MODULES: CrmModule[] = ['leads', 'contact'];
export const ACTIVITY_RELATED_MODULES: CrmModule[] = ['account', 'opportunity', 'campaign', 'leads', 'contact'];

/** The people at a meeting: at most this many users and this many leads or contacts. */
export const ATTENDEES_MAX = 50;
/** Users one note may mention (each gets a notice in the bell). */
export const MENTIONS_MAX = 20;
