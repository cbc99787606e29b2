import { PERMISSIONS } from '../permissions';
import type { UserRecordItem } from './userRecords';

/**
 * Who has a day to show: a holder of any of its cards' module list permissions (each card is
 * checked again on its own). The server's route and the web's landing page both read this.
 */
export const MY_DAY_PERMISSIONS: readonly string[] = [PERMISSIONS.task.list, PERMISSIONS.opportunity.list, PERMISSIONS.leads.list];

/** At most this many tasks and leads on a card (a card is a glance, its list page has the rest). */
export const MY_DAY_ROWS = 50;

/** An open task of mine due today or before (overdue), with what one-click completion needs (its version). */
export type MyDayTask = { id: number; version: number; subject: string; dueDate: string; status: string; priority: string | null; overdue: boolean };

/** A meeting of mine today (an activity of kind meeting): its times as ISO date-times, or a whole day. */
export type MyDayMeeting = { id: number; subject: string; startAt: string; endAt: string | null; allDay: boolean; location: string | null };

/** One stage of my open pipeline: how many of my open opportunities stand in it, and their amount (decimal string). */
export type MyDayStage = { stage: string; label: string; count: number; amount: string };

/** A lead of mine created this week. */
export type MyDayLead = { id: number; name: string; company: string | null; status: string | null; statusLabel: string | null; createTime: string };

/**
 * `GET /crm/my-day`: the signed-in user's day. A card the user has no permission for is null
 * (not empty), so the page can leave it out rather than call it empty.
 */
export type MyDay = {
  /** The server's business day (YYYY-MM-DD) the figures are for. */
  today: string;
  tasks: MyDayTask[] | null;
  /** My meetings of the day, by start (null without the activity list permission). */
  meetings: MyDayMeeting[] | null;
  /** My open pipeline by stage, in the stage dictionary's order (closed stages left out). */
  pipeline: MyDayStage[] | null;
  leads: MyDayLead[] | null;
  recent: UserRecordItem[];
  favourites: UserRecordItem[];
};
