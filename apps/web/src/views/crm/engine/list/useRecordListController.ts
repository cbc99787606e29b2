import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreateListViewBody, CrmRecord, ListViewMeta, ModuleMeta, OwnerScope, RecordPage } from '@orbit/shared/contract/crm';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { listRecords } from '../../../../api/crm';
import { useListController, type Sort } from '../../../../components/admin/useListController';
import { withRowFields } from '../moduleRecordViews';

/** What a list shows besides paging: a saved view's settings, as the user has changed them, and the quick search. */
export type RecordFilters = { q?: string; owner: OwnerScope; filter: FilterNode | null; columns: string[] };

const RECORDS_KEY_PREFIX = 'crm-records-';
/** Query key prefix of a module's record lists (invalidated after every write). */
export const recordsKey = (module: CrmModule) => `${RECORDS_KEY_PREFIX}${module}`;
/**
 * Every module's record lists (and the pipeline board): a write to one module's records can change
 * another's — deleting an account with its opportunities, restoring them, converting a lead.
 */
export const everyRecordList = { predicate: ({ queryKey: [key] }: { queryKey: readonly unknown[] }) => typeof key === 'string' && key.startsWith(RECORDS_KEY_PREFIX) };

/** A view's settings as list filters; columns naming fields that are gone are skipped. */
export function viewFilters(meta: ModuleMeta, view: ListViewMeta | undefined): RecordFilters {
  const known = new Set(meta.fields.map((f) => f.name));
  const columns = (view?.columns ?? meta.nameFields).filter((c) => known.has(c));
  return { owner: view?.ownerScope ?? 'all', filter: view?.filter ?? null, columns: columns.length ? columns : meta.nameFields };
}

export function viewSort(view: ListViewMeta | undefined): Sort {
  return view?.sortField ? { orderByColumn: view.sortField, isAsc: view.sortOrder } : {};
}

/** JSON with object keys in order: a view's filter comes back from the server with its keys reordered. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]));
  return value ?? null;
}
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * The list page of any module: the chosen list view, whose filter, columns, sort and owner scope
 * the user may change (and save as a view), the quick search, paging and the row selection. The
 * view's settings are sent explicitly, so the list shows exactly what the builder shows.
 * `startFilter`: a filter the list opens with instead of the view's (a report's chart segment
 * clicked through to its records: `?filter=` in the list's address).
 */
export function useRecordListController(module: CrmModule, meta: ModuleMeta, startFilter: FilterNode | null = null) {
  const queryClient = useQueryClient();
  const [viewId, setViewId] = useState<number | null>(meta.listViews[0]?.id ?? null);
  // A view deleted meanwhile (here or elsewhere) falls back to the first one.
  const view = meta.listViews.find((v) => v.id === viewId) ?? meta.listViews[0];
  const list = useListController<RecordFilters, CrmRecord, RecordPage>({
    queryKey: recordsKey(module),
    fetchPage: ({ columns, ...params }) => listRecords(module, { ...params, fields: withRowFields(module, columns) }),
    initialFilters: startFilter ? { ...viewFilters(meta, view), filter: startFilter } : viewFilters(meta, view),
    initialSort: viewSort(view),
  });
  const { filters, sort } = list;

  const selectView = (id: number) => {
    const next = meta.listViews.find((v) => v.id === id);
    setViewId(id);
    list.search(viewFilters(meta, next));
    list.applySort(viewSort(next));
  };

  const original = viewFilters(meta, view);
  const modified =
    !!view &&
    (!same(filters.filter, original.filter) || !same(filters.columns, original.columns) || filters.owner !== original.owner || !same(sort, viewSort(view)));

  /** The current settings as a list view to save. */
  const viewBody = (name: string, shared: boolean): CreateListViewBody => ({
    name,
    shared,
    columns: filters.columns,
    sortField: sort.orderByColumn ?? null,
    sortOrder: sort.isAsc ?? 'desc',
    filter: filters.filter,
    ownerScope: filters.owner,
  });

  return {
    list,
    view,
    selectView,
    /** The settings on screen were just saved as this view. */
    showingView: setViewId,
    modified,
    viewBody,
    selectedIds: list.selectedRowKeys.map(Number),
    setQuery: (q: string) => list.search({ q }),
    setOwner: (owner: OwnerScope) => list.search({ owner }),
    setFilter: (filter: FilterNode | null) => list.search({ filter }),
    setColumns: (columns: string[]) => list.search({ columns }),
    /** After a write: every page of the record lists is fetched again (see everyRecordList). */
    refresh: () => queryClient.invalidateQueries(everyRecordList),
  };
}

export type RecordListController = ReturnType<typeof useRecordListController>;
