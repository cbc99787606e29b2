import { securedDef } from '../fieldSecurity/fieldAccess';
import { sql } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { CrmRecord, HistoryAction, HistoryRow, LookupLabels } from '@orbit/shared/contract/crm';
import type { TimelineEmail } from '@orbit/shared/contract/email';
import type { TimelineAttendee, TimelineEntry, TimelineQuery } from '@orbit/shared/contract/timeline';
import { TIMELINE_KINDS, type TimelineKind } from '@orbit/shared/crm/activities';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { ApprovalEvent } from '@orbit/shared/crm/approvals';
import { isCrmModule, type CrmModule, type LookupTarget } from '@orbit/shared/crm/modules';
import type { Db } from '../../../db/client';
import type { CurrentUser } from '../../auth/currentUser';
import { recordOpenable } from '../attachments/attachments.repository';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { toRecord } from '../engine/query/recordColumns';
import { rowsOf } from '../engine/query/sql';
import { historyLabels, lookupLabels, referenceLabels } from '../engine/records/lookupLabels';
import { recordNotFound } from '../engine/records/moduleRecords';
import { timelineBranches } from './timelineQuery';
import { readStoredError } from '../automation/storedError';

type Row = { kind: string; id: unknown; at: unknown; author: unknown; author_name: unknown; payload: Record<string, unknown>; can_edit: unknown };

/** Lookups of several answers as one (each kind of target's names together). */
function mergeLabels(...all: LookupLabels[]): LookupLabels {
  const merged: LookupLabels = {};
  for (const labels of all) {
    for (const [target, names] of Object.entries(labels) as Array<[LookupTarget, Record<string, string | null>]>) merged[target] = { ...merged[target], ...names };
  }
  return merged;
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

/**
 * A page of a record's timeline (docs/records-engine.md, "Activities and the timeline"): one
 * statement — the kinds' branches (timelineQuery.ts) as one UNION ALL, newest first, with the
 * authors' names — then the names the entries point at (the engine's lookups, one statement per
 * kind of target). The record must be one the caller may open (else 404).
 */
export async function timelinePage(db: Db, meta: MetadataStore, user: CurrentUser, lang: Language, module: CrmModule, id: number, query: TimelineQuery) {
  if (!(await recordOpenable(db, module, user, id))) throw recordNotFound();
  const kinds = new Set<TimelineKind>(query.kinds.length ? query.kinds : TIMELINE_KINDS);
  const offset = (query.pageNum - 1) * query.pageSize;
  // One more than the page tells whether there is a next one without counting.
  const branches = timelineBranches({ meta, user, module, id, kinds }, offset + query.pageSize + 1);
  if (!branches.length) return { rows: [] as TimelineEntry[], hasMore: false, lookups: {} as LookupLabels };
  const rows = await rowsOf<Row>(
    db,
    sql`select e.*, u.nick_name as author_name from (${sql.join(branches, sql` union all `)}) e
        left join sys_user u on u.user_id = e.author
        order by e.at desc, e.kind, e.id desc limit ${query.pageSize + 1} offset ${offset}`,
  );
  const page = rows.slice(0, query.pageSize);
  // Tasks and activities as the user may see them: their hidden fields are left out of the entries.
  const activityDef = securedDef(meta.module('activity'), user);
  const taskDef = securedDef(meta.module('task'), user);
  const activities: CrmRecord[] = [];
  const tasks: CrmRecord[] = [];
  const changes: HistoryRow[] = [];
  const attendees: Array<{ target: LookupTarget; id: number }> = [];

  const entries = page.map((row): TimelineEntry => {
    const entry: TimelineEntry = {
      kind: row.kind as TimelineKind,
      id: Number(row.id),
      time: iso(row.at),
      authorId: row.author === null ? null : Number(row.author),
      authorName: row.author_name === null ? null : String(row.author_name),
      canEdit: row.can_edit === true,
    };
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
    if (entry.kind === 'change') {
      entry.change = {
        action: payload.action as HistoryAction,
        field: (payload.field as string | null) ?? null,
        oldValue: (payload.oldValue ?? null) as FieldValue,
        newValue: (payload.newValue ?? null) as FieldValue,
      };
      changes.push({ id: entry.id, ...entry.change, userId: entry.authorId, userName: entry.authorName ?? '', time: entry.time });
    } else if (entry.kind === 'workflow') {
      entry.workflow = {
        ruleId: Number(payload.ruleId),
        ruleName: (payload.ruleName as string | null) ?? `#${String(payload.ruleId)}`,
        status: String(payload.status),
        attempts: Number(payload.attempts),
        error: readStoredError((payload.error as string | null) ?? null, lang),
      };
    } else if (entry.kind === 'approval') {
      entry.approval = { event: payload.event as ApprovalEvent, process: String(payload.process ?? ''), comment: (payload.comment as string | null) ?? null };
    } else if (entry.kind === 'file') {
      entry.file = { fileName: String(payload.fileName), contentType: String(payload.contentType), size: Number(payload.size) };
    } else if (entry.kind === 'email') {
      entry.email = {
        subject: String(payload.subject),
        from: String(payload.from),
        to: payload.to as string[],
        cc: payload.cc as string[],
        bcc: payload.bcc as string[],
        body: String(payload.body),
        status: payload.status as TimelineEmail['status'],
        answer: (payload.answer as string | null) ?? null,
        sentAt: payload.sentAt ? iso(payload.sentAt) : null,
        attachments: payload.attachments as string[],
        module: payload.module as TimelineEmail['module'],
        recordId: Number(payload.recordId),
        direction: payload.direction === 'in' ? 'in' : 'out',
        threadId: Number(payload.threadId),
      };
    } else if (entry.kind === 'task') {
      entry.record = toRecord(payload, taskDef.fields);
      tasks.push(entry.record as CrmRecord);
    } else {
      entry.record = toRecord(payload, activityDef.fields);
      activities.push(entry.record as CrmRecord);
      entry.attendees = ((payload.attendees ?? []) as Array<{ userId: number | null; module: string | null; id: number | null }>).map((a): TimelineAttendee => {
        if (a.userId !== null) {
          attendees.push({ target: 'user', id: Number(a.userId) });
          return { userId: Number(a.userId) };
        }
        const person = { module: a.module as CrmModule, id: Number(a.id) };
        if (isCrmModule(person.module)) attendees.push({ target: person.module, id: person.id });
        return person;
      });
    }
    return entry;
  });

  const lookups = mergeLabels(
    await lookupLabels(db, meta, user, activities, activityDef.fields, lang),
    await lookupLabels(db, meta, user, tasks, taskDef.fields, lang),
    await historyLabels(db, meta, user, meta.module(module), changes, lang),
    await referenceLabels(db, meta, user, attendees, lang),
  );
  return { rows: entries, hasMore: rows.length > query.pageSize, lookups };
}
