import { sql, type SQL } from 'drizzle-orm';
import type { OwnerScope, RecordListQuery } from '@orbit/shared/contract/crm';
import { badRequest } from '../../../../lib/errors';
import { FIELD_TYPE_REGISTRY } from '../fieldTypes/registry';
import { compileFilter } from '../query/filterCompiler';
import { quickSearch } from '../query/quickSearch';
import { recordAccess, widensScope } from '../query/recordAccess';
import { ownerScopeFilter } from '../query/recordScope';
import { col } from '../query/sql';
import { createListViews } from '../views/listViews';
import { fieldNamed, type Caller, type ModuleRecords } from './moduleRecords';
import { withRecordCurrency } from '../../money/recordCurrency';

/** What decides a list's rows, columns and order (a page adds paging, an export its selection). */
export type ListShapeQuery = Pick<RecordListQuery, 'viewId' | 'filter' | 'q' | 'owner' | 'fields' | 'orderByColumn' | 'isAsc'>;

/**
 * A list's order: the sort key, then `id` the same way. Empty values count as the smallest
 * (first going up, last going down, as MySQL orders them, and so the CRMs built on it), which is exactly
 * how the key's `(column nulls first, id)` index reads forwards and backwards (fieldTypes/common.ts
 * `columnIndex`), so a sorted page never sorts the table. The default order (newest first) is
 * written the same way for the same reason.
 */
export const orderBy = (key: SQL, descending: boolean): SQL[] =>
  descending ? [sql`${key} desc nulls last`, sql`id desc`] : [sql`${key} asc nulls first`, sql`id asc`];

/**
 * A list request's rows: `(data scope) AND (view filter) AND (request filter) AND (quick search)
 * AND (owner scope)` — nothing a user sends widens the scope. `where` is all of them; `byOwner`
 * the ones on the owner and department columns only (data and owner scope), `filters` the rest
 * (empty when only the owner and department decide the rows: what a table of totals kept per
 * owner and department can answer with `byOwner`, its columns being named alike).
 */
export async function listConditions(m: ModuleRecords, { user, lang }: Caller, query: Pick<RecordListQuery, 'viewId' | 'filter' | 'q' | 'owner'>) {
  const d = m.def();
  const view = query.viewId ? await createListViews(m.db, m.module).find(user, query.viewId) : undefined;
  const present = (conditions: Array<SQL | undefined>) => conditions.filter((c): c is SQL => c !== undefined);
  // The access predicate (query/recordAccess.ts) is an owner-and-department condition unless a share
  // widens it; then it goes with the other conditions (no table of totals by owner can answer it).
  const access = recordAccess(user, m.module, 'read');
  const onOwnerOnly = access === undefined || !widensScope(user, m.module);
  const byOwner = present([onOwnerOnly ? access : undefined, ownerScopeFilter(user, query.owner ?? (view?.ownerScope as OwnerScope | undefined))]);
  const filters = present([
    onOwnerOnly ? undefined : access,
    view?.filter ? compileFilter(view.filter, d, lang) : undefined,
    query.filter ? compileFilter(query.filter, d, lang) : undefined,
    query.q ? quickSearch(d, query.q) : undefined,
  ]);
  const where: Array<SQL | undefined> = [...byOwner, ...filters];
  return { view, where, byOwner, filters };
}

/**
 * What a list shows: its rows' conditions, its columns (`fields`, or the view's, or all) and its
 * order (the sort asked for, or the view's, or newest first).
 */
export async function listShape(m: ModuleRecords, caller: Caller, query: ListShapeQuery) {
  const d = m.def();
  const { view, where } = await listConditions(m, caller, query);
  // A view's columns and sort may name a field that has since gone: it is skipped, never a 500.
  const names = query.fields ? query.fields.split(',') : view ? view.columns.filter((n) => d.byName.has(n)) : d.fields.map((f) => f.name);
  const fields = withRecordCurrency(d, [...new Set([...d.nameFields, ...names])]).map((n) => fieldNamed(d, n));

  const sortName = query.orderByColumn ?? (view?.sortField && d.byName.has(view.sortField) ? view.sortField : undefined);
  const descending = query.orderByColumn ? query.isAsc === 'desc' || query.isAsc === 'descending' : view?.sortOrder !== 'asc';
  let key: SQL = col('create_time');
  if (sortName) {
    const field = fieldNamed(d, sortName, 'sort.unknownField');
    const sortKey = FIELD_TYPE_REGISTRY[field.type].sortKey;
    if (!field.sortable || !sortKey) throw badRequest('sort.unknownField', { name: sortName });
    // A formula computed in the SELECT sorts by its expression (no index can serve it: docs/decisions.md).
    key = field.expression ?? sortKey(col, field.column);
  }
  const down = sortName ? descending : true;
  // The order by name, for a keyset cursor to be used only in the order it was read in (listCursor.ts).
  return { where, fields, key, descending: down, order: `${sortName ?? ''}:${down ? 'desc' : 'asc'}` };
}
