import { sql } from 'drizzle-orm';
import { translate } from '@orbit/shared/messages';
import type { CrmRecord, LookupLabels, LookupOption } from '@orbit/shared/contract/crm';
import type { Executor } from '../../../../db/client';
import { createRecordHistory } from '../history/recordHistory';
import { nameExpression } from '../query/recordName';
import { quickSearch } from '../query/quickSearch';
import { selectList, toRecord } from '../query/recordColumns';
import { recordScope } from '../query/recordScope';
import { historyLabels, lookupLabels } from './lookupLabels';
import { recordNotFound, type Caller, type ModuleRecords } from './moduleRecords';
import { createRecordsRepository } from './recordsRepository';

type Page = { pageNum: number; pageSize: number };

/**
 * A record within the caller's scope, the names of what it points at, and why it is locked (a
 * converted lead); `unscoped` only to answer a write the caller just made (a transfer may take it
 * out of their scope).
 */
export async function readRecord(m: ModuleRecords, tx: Executor, { user, lang }: Caller, id: number, unscoped = false): Promise<{ data: CrmRecord; lookups: LookupLabels; locked: string | null }> {
  const d = m.def();
  const [row] = await createRecordsRepository(tx, d).select(selectList(d.fields), [sql`id = ${id}`, unscoped ? undefined : recordScope(user)]);
  if (!row) throw recordNotFound();
  const data = toRecord(row, d.fields);
  const reason = m.hooks.lockedReason?.(data);
  return { data, lookups: await lookupLabels(tx, m.meta, user, [data], d.fields, lang), locked: reason ? translate(lang, reason) : null };
}

/** A page of a record's field history, newest first, with the names its values point at. */
export async function recordHistoryPage(m: ModuleRecords, { user, lang }: Caller, id: number, page: Page) {
  const d = m.def();
  const [row] = await createRecordsRepository(m.db, d).select(sql`id`, [sql`id = ${id}`, recordScope(user)]);
  if (!row) throw recordNotFound();
  const history = await createRecordHistory(m.db, m.module).page(id, page);
  return { ...history, lookups: await historyLabels(m.db, m.meta, user, d, history.rows, lang) };
}

/** Options of a lookup picker: records the caller may see, by name, a page at a time. */
export async function lookupOptions(m: ModuleRecords, { user }: Caller, q: string | undefined, page: Page): Promise<{ total: number; rows: LookupOption[] }> {
  const d = m.def();
  const where = [recordScope(user), q ? quickSearch(d, q) : undefined];
  const repo = createRecordsRepository(m.db, d);
  const name = nameExpression(d);
  const [total, rows] = await Promise.all([
    repo.count(where),
    repo.select(sql`id, ${name} as label`, where, [sql`${name} asc`, sql`id asc`], { limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize }),
  ]);
  return { total, rows: rows.map((r) => ({ id: Number(r.id), label: String(r.label ?? '') })) };
}
