import { hiddenFieldNames } from '../../fieldSecurity/hiddenFields';
import { sql } from 'drizzle-orm';
import { translate } from '@orbit/shared/messages';
import type { CrmRecord, LookupLabels, LookupOption } from '@orbit/shared/contract/crm';
import type { Executor } from '../../../../db/client';
import { createRecordHistory } from '../history/recordHistory';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import { nameExpression } from '../query/recordName';
import { namedDetails } from '../query/keyDetails';
import { lookupRank, nameSimilarity } from '../query/lookupRank';
import { quickSearch } from '../query/quickSearch';
import { selectList, toRecord } from '../query/recordColumns';
import { readScope, recordAccess } from '../query/recordAccess';
import { historyLabels, lookupLabels } from './lookupLabels';
import { approvalPendingColumn, isApprovalPending } from '../approvals/approvalLock';
import { changeScopeOf, recordNotFound, type Caller, type ModuleRecords } from './moduleRecords';
import { canEditColumn, rowEditable } from './editableRows';
import { createRecordsRepository } from './recordsRepository';

type Page = { pageNum: number; pageSize: number };

/**
 * A record within the caller's scope, the names of what it points at, and why it is locked (a
 * converted lead); `unscoped` only to answer a write the caller just made (a transfer may take it
 * out of their scope).
 */
export async function readRecord(
  m: ModuleRecords,
  tx: Executor,
  { user, lang }: Caller,
  id: number,
  unscoped = false,
): Promise<{ data: CrmRecord; lookups: LookupLabels; locked: string | null; canEdit: boolean }> {
  const d = m.def();
  // `can_edit`: whether every write's lock (moduleRecords.lockAll) would take it — the web hides edit affordances when not.
  const write = changeScopeOf(m, user, 'probe');
  const columns = sql`${selectList(d.fields)}${canEditColumn(write)}, ${approvalPendingColumn(m.module, d.table)}`;
  const [row] = await createRecordsRepository(tx, d).select(columns, [sql`id = ${id}`, unscoped ? undefined : readScope(user, m.module)]);
  if (!row) throw recordNotFound();
  const data = toRecord(row, d.fields);
  const reason = isApprovalPending(row) ? 'approval.recordLocked' : m.hooks.lockedReason?.(data);
  const canEdit = rowEditable(row, write);
  return { data, lookups: await lookupLabels(tx, m.meta, user, [data], d.fields, lang), locked: reason ? translate(lang, reason) : null, canEdit };
}

/** A page of a record's field history, newest first, with the names its values point at. */
export async function recordHistoryPage(m: ModuleRecords, { user, lang }: Caller, id: number, page: Page) {
  const d = m.def();
  const [row] = await createRecordsRepository(m.db, d).select(sql`id`, [sql`id = ${id}`, readScope(user, m.module)]);
  if (!row) throw recordNotFound();
  const history = await createRecordHistory(m.db, m.module).page(id, page, hiddenFieldNames(m.meta.module(m.module), user));
  return { ...history, lookups: await historyLabels(m.db, m.meta, user, d, history.rows, lang) };
}

/**
 * What a lookup option shows beside the name: the module's key fields but the owner (and no
 * date-times), and its e-mail when it has one — a lead's company, status and e-mail.
 */
function optionFields(d: ModuleDef): FieldDef[] {
  const keys = d.keyFields.filter((n) => n !== 'ownerId').flatMap((n) => d.byName.get(n) ?? []).filter((f) => f.type !== 'datetime');
  const email = d.fields.find((f) => f.type === 'email' && !keys.includes(f));
  return email ? [...keys, email] : keys;
}

/**
 * Options of a lookup picker: records the caller may see, a page at a time, with what tells them
 * apart (`extra`, in the caller's language). Unsearched, by name; searched, by how well the name
 * matches (query/lookupRank.ts), then by name.
 */
export async function lookupOptions(m: ModuleRecords, { user, lang }: Caller, q: string | undefined, page: Page): Promise<{ total: number; rows: LookupOption[] }> {
  const d = m.def();
  const typed = q?.trim() ? q : undefined;
  const where = [recordAccess(user, m.module, 'read'), typed ? quickSearch(d, typed) : undefined];
  const repo = createRecordsRepository(m.db, d);
  const name = nameExpression(d);
  const fields = optionFields(d);
  const order = [...(typed ? [lookupRank(d, typed), sql`${nameSimilarity(d, typed)} desc`] : []), sql`${name} asc`, sql`id asc`];
  const [total, rows] = await Promise.all([
    repo.count(where),
    repo.select(sql`${selectList(fields)}, ${name} as label`, where, order, { limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize }),
  ]);
  const records = rows.map((r) => toRecord(r, fields));
  const details = await namedDetails(m.db, m.meta, user, fields, records, lang, translate(lang, 'record.restricted'));
  return {
    total,
    rows: rows.map((r, i) => {
      const extra = details[i]!.map((detail) => detail.value).join(' · ');
      return { id: records[i]!.id, label: String(r.label ?? ''), ...(extra ? { extra } : {}) };
    }),
  };
}
