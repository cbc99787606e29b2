import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { MY_DAY_ROWS, type MyDay, type MyDayLead, type MyDayMeeting, type MyDayStage, type MyDayTask } from '@orbit/shared/contract/myDay';
import { CLOSED_LOST, CLOSED_WON } from '@orbit/shared/crm/opportunityStages';
import { resolveRelativeDate } from '@orbit/shared/crm/relativeDates';
import { TASK_COMPLETED } from '@orbit/shared/crm/tasks';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Db } from '../../../db/client';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { dayText } from '../engine/fieldTypes/date';
import { dayStart } from '../engine/fieldTypes/datetime';
import type { MetadataStore, ModuleDef } from '../engine/metadata/moduleDef';
import { nameExpression } from '../engine/query/recordName';
import { participantOf } from '../engine/query/participants';
import { readScope, recordAccess } from '../engine/query/recordAccess';
import { recordScope } from '../engine/query/recordScope';
import { col, rowsOf, tableOf } from '../engine/query/sql';
import { picklistLabels } from '../export/picklistLabels';
import { loadStages } from '../opportunity/stages';
import type { UserRecords } from '../userRecords/userRecords';

/** A standard field's column (My day reads only standard fields, which every install has). */
const column = (def: ModuleDef, field: string): SQL => col(def.byName.get(field)?.column ?? field);
/** The caller's records of a module: owned by them, present, and — as every read — within their access (query/recordAccess.ts). */
function mine(user: CurrentUser, module: 'task' | 'leads'): SQL {
  const scope = recordAccess(user, module, 'read');
  return sql`owner_id = ${user.userId} and deleted_at is null${scope ? sql` and ${scope}` : sql``}`;
}

/**
 * The signed-in user's day (GET /crm/my-day), on the server's business day as the task views
 * count it (their "Today" and "Overdue" are the same days): a few reads side by side, each on an
 * index made for it (migration: tasks by owner and due date, leads by owner and creation time; the
 * pipeline from the board's per-owner totals). A card whose module the user may not list is null.
 */
export function createMyDay(db: Db, meta: MetadataStore, userRecords: UserRecords) {
  /** My open tasks due today or before, oldest due first. */
  async function tasks(user: CurrentUser, tomorrow: string, today: string): Promise<MyDayTask[]> {
    const def = meta.module('task');
    const [due, status, priority] = [column(def, 'dueDate'), column(def, 'status'), column(def, 'priority')];
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`select id, version, ${column(def, 'subject')} as subject, ${due} as due_date, ${status} as status, ${priority} as priority
          from ${tableOf(def.table)}
          where ${mine(user, 'task')} and completed_at is null and ${status} is distinct from ${TASK_COMPLETED} and ${due} < ${tomorrow}::date
          order by ${due}, id limit ${MY_DAY_ROWS}`,
    );
    return rows.map((r) => {
      const dueDate = dayText(r.due_date)!;
      return { id: Number(r.id), version: Number(r.version), subject: String(r.subject ?? ''), dueDate, status: String(r.status ?? ''), priority: (r.priority as string | null) ?? null, overdue: dueDate < today };
    });
  }

  /**
   * My meetings on the business day — those I own or attend —: those starting today, and all-day
   * ones covering it, by start (read through the calendar source's index on owner and start, and the
   * attendees' index on user).
   */
  async function meetings(user: CurrentUser, today: string, tomorrow: string): Promise<MyDayMeeting[]> {
    const def = meta.module('activity');
    const scope = readScope(user, 'activity');
    const attending = participantOf('activity', user.userId);
    const whose = sql`(owner_id = ${user.userId}${attending ? sql` or ${attending}` : sql``}) and deleted_at is null${scope ? sql` and ${scope}` : sql``}`;
    const [start, end, allDay] = [column(def, 'startAt'), column(def, 'endAt'), column(def, 'allDay')];
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`select id, ${column(def, 'subject')} as subject, ${start} as start_at, ${end} as end_at, ${allDay} as all_day, ${column(def, 'location')} as location
          from ${tableOf(def.table)}
          where ${whose} and ${column(def, 'kind')} = 'meeting' and ${start} is not null and ${start} < ${dayStart(tomorrow)}
            and (${start} >= ${dayStart(today)} or (${allDay} and coalesce(${end}, ${start}) >= ${dayStart(today)}))
          order by ${start}, id limit ${MY_DAY_ROWS}`,
    );
    const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());
    return rows.map((r) => ({ id: Number(r.id), subject: String(r.subject ?? ''), startAt: iso(r.start_at)!, endAt: iso(r.end_at), allDay: r.all_day === true, location: (r.location as string | null) ?? null }));
  }

  /** My open opportunities' count and amount per stage, from the board's per-owner totals (closed stages and empty ones left out). */
  async function pipeline(user: CurrentUser, lang: Language): Promise<MyDayStage[]> {
    // Per-owner totals have no record ids to share: the role's data scope is all that applies to them (the caller's own deals).
    const scope = recordScope(user);
    const [rows, stages] = await Promise.all([
      rowsOf<{ stage: string | null; count: unknown; amount: unknown }>(
        db,
        sql`select stage, sum(count) as count, coalesce(sum(amount), 0)::numeric(18,2)::text as amount
            from crm_opportunity_pipeline_total
            where owner_id = ${user.userId} and stage is not null and stage not in (${CLOSED_WON}, ${CLOSED_LOST})${scope ? sql` and ${scope}` : sql``}
            group by stage having sum(count) > 0`,
      ),
      loadStages(db, lang),
    ]);
    const byStage = new Map(rows.map((r) => [r.stage!, r]));
    // In the dictionary's order; a stage no longer in the dictionary (deactivated) still counts, last, by its value.
    const ordered = [...stages.map((s) => s.value), ...rows.map((r) => r.stage!).filter((s) => !stages.some((d) => d.value === s))];
    return ordered.flatMap((stage) => {
      const row = byStage.get(stage);
      if (!row) return [];
      return [{ stage, label: stages.find((s) => s.value === stage)?.label ?? stage, count: Number(row.count), amount: String(row.amount) }];
    });
  }

  /** Leads I own that came in this week (created since Monday), newest first. */
  async function leads(user: CurrentUser, weekStart: string, lang: Language): Promise<MyDayLead[]> {
    const def = meta.module('leads');
    const statusField = def.byName.get('status');
    const [rows, labels] = await Promise.all([
      rowsOf<Record<string, unknown>>(
        db,
        sql`select id, ${nameExpression(def)} as name, ${column(def, 'company')} as company, ${column(def, 'status')} as status, create_time
            from ${tableOf(def.table)} where ${mine(user, 'leads')} and create_time >= ${dayStart(weekStart)}
            order by create_time desc, id desc limit ${MY_DAY_ROWS}`,
      ),
      picklistLabels(db, statusField ? [statusField] : [], lang),
    ]);
    const statusLabels = statusField?.dictType ? labels.get(statusField.dictType) : undefined;
    return rows.map((r) => {
      const status = (r.status as string | null) ?? null;
      return {
        id: Number(r.id),
        name: String(r.name ?? ''),
        company: (r.company as string | null) ?? null,
        status,
        statusLabel: status === null ? null : (statusLabels?.get(status) ?? status),
        createTime: new Date(r.create_time as string | Date).toISOString(),
      };
    });
  }

  return async function myDay(user: CurrentUser, lang: Language): Promise<MyDay> {
    const { from: today, to: tomorrow } = resolveRelativeDate('today');
    const weekStart = resolveRelativeDate('thisWeek').from!;
    const may = (module: 'task' | 'opportunity' | 'leads' | 'activity') => hasPermission(user, PERMISSIONS[module].list);
    const [taskCard, meetingCard, pipelineCard, leadCard, recent, favourites] = await Promise.all([
      may('task') ? tasks(user, tomorrow!, today!) : null,
      may('activity') ? meetings(user, today!, tomorrow!) : null,
      may('opportunity') ? pipeline(user, lang) : null,
      may('leads') ? leads(user, weekStart, lang) : null,
      userRecords.list(user, 'recent'),
      userRecords.list(user, 'favourite'),
    ]);
    return { today: today!, tasks: taskCard, meetings: meetingCard, pipeline: pipelineCard, leads: leadCard, recent, favourites };
  };
}
