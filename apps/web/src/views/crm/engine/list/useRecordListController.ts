import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreateListViewBody, CrmRecord, ListViewMeta, LookupLabels, ModuleMeta, OwnerScope, RecordAnswer, RecordPage } from '@orbit/shared/contract/crm';
import type { FilterNode } from '@orbit/shared/crm/filter';
import { DEFAULT_PAGE_NUM } from '@orbit/shared/constants';
import { RECORD_LIST_PAGE_SIZE, type CrmModule } from '@orbit/shared/crm/modules';
import { listRecords } from '../../../../api/crm';
import { useListController, type ListParams, type Sort } from '../../../../components/admin/useListController';
import { withRowFields } from '../moduleRecordViews';

/**
 * What a list shows besides paging: a saved view's settings, as the user has changed them, and the
 * quick search; `exactCount` once the user asked for the count of a list past the count threshold.
 */
export type RecordFilters = { q?: string; owner: OwnerScope; filter: FilterNode | null; columns: string[]; exactCount?: boolean };

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

/**
 * Where the pages read lately end (the server's `nextCursor`), by list and page: the next page is
 * asked for after the end of the one before, so that paging on through a long list costs what
 * its first page does (keyset). Bounded: the oldest ends are forgotten, and a page without one is
 * read by its number.
 */
const pageEnds = new Map<string, string>();
const PAGE_ENDS_KEPT = 200;

function rememberPageEnd(key: string, cursor: string) {
  pageEnds.delete(key);
  pageEnds.set(key, cursor);
  if (pageEnds.size > PAGE_ENDS_KEPT) pageEnds.delete(pageEnds.keys().next().value!);
}

/** One page of a module's records as the list asks for it (its columns and the fields its rows need besides). */
const fetchRecordPage =
  (module: CrmModule) =>
  async ({ columns, ...params }: ListParams<RecordFilters>) => {
    const fields = withRowFields(module, columns);
    const { pageNum, exactCount: _count, ...rest } = params;
    const list = JSON.stringify([module, rest, fields]);
    const page = await listRecords(module, { ...params, fields, after: pageNum > 1 ? pageEnds.get(`${list}#${pageNum - 1}`) : undefined });
    if (page.nextCursor) rememberPageEnd(`${list}#${pageNum}`, page.nextCursor);
    return page;
  };

/**
 * The query of the first page a list opens on (its first view, page 1, no start filter), under the
 * key the list's controller uses: preloadRecordPage asks for it while the page's code loads, and
 * the list finds it in the cache or in flight.
 */
export function firstPageQuery(module: CrmModule, meta: ModuleMeta) {
  const view = meta.listViews[0];
  const params: ListParams<RecordFilters> = { ...viewFilters(meta, view), pageNum: DEFAULT_PAGE_NUM, pageSize: RECORD_LIST_PAGE_SIZE, ...viewSort(view) };
  return { queryKey: [recordsKey(module), params], queryFn: () => fetchRecordPage(module)(params) };
}

/** The names a page points at, with those an answer brought (the same target's names merged). */
function mergedLookups(page: LookupLabels, added: LookupLabels): LookupLabels {
  const merged: LookupLabels = { ...page };
  for (const [target, names] of Object.entries(added) as Array<[keyof LookupLabels, Record<string, string | null>]>) merged[target] = { ...page[target], ...names };
  return merged;
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
    fetchPage: fetchRecordPage(module),
    initialFilters: startFilter ? { ...viewFilters(meta, view), filter: startFilter } : viewFilters(meta, view),
    initialSort: viewSort(view),
    initialPageSize: RECORD_LIST_PAGE_SIZE,
  });
  const { filters, sort } = list;

  const selectView = (id: number) => {
    const next = meta.listViews.find((v) => v.id === id);
    setViewId(id);
    list.search({ ...viewFilters(meta, next), exactCount: undefined });
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
    // Other rows, another count: an exact count asked for goes with the rows it counted.
    setQuery: (q: string) => list.search({ q, exactCount: undefined }),
    setOwner: (owner: OwnerScope) => list.search({ owner, exactCount: undefined }),
    setFilter: (filter: FilterNode | null) => list.search({ filter, exactCount: undefined }),
    setColumns: (columns: string[]) => list.search({ columns }),
    /** The exact count of a list whose total is capped; the page stays. */
    countAll: () => list.refine({ exactCount: true }),
    /** After a write: every page of the record lists is fetched again (see everyRecordList). */
    refresh: () => queryClient.invalidateQueries(everyRecordList),
    /**
     * After a write to one record of the page (an inline edit): its row shows the record as the
     * server answered it at once, and the names it now points at. The lists are only marked stale —
     * fetched again when next looked at — so that an answer read before this write cannot put the
     * old version back under a user editing the next cell of the row.
     */
    patchRow: ({ data, lookups }: RecordAnswer) => {
      queryClient.setQueryData<RecordPage>([recordsKey(module), list.params], (page) =>
        page && { ...page, rows: page.rows.map((row) => (row.id === data.id ? { ...row, ...data } : row)), lookups: mergedLookups(page.lookups, lookups) },
      );
      void queryClient.invalidateQueries({ ...everyRecordList, refetchType: 'none' });
    },
  };
}

export type RecordListController = ReturnType<typeof useRecordListController>;
