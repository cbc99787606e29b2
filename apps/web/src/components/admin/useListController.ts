import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useState } from 'react';
import { DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE, FILE_PAGE_SIZES } from '@orbit/shared/constants';
import type { PageRows } from '@orbit/shared/contract/common';

export const PAGE_SIZE_OPTIONS = FILE_PAGE_SIZES.map(String);

export type Sort = { orderByColumn?: string; isAsc?: 'asc' | 'desc' };
export type ListParams<F> = F & { pageNum: number; pageSize: number } & Sort;

/** Maps antd's sorter answer to RuoYi's `orderByColumn` / `isAsc` (nothing when unsorted). */
export function sortFromSorter(sorter: unknown): Sort {
  const one = (Array.isArray(sorter) ? sorter[0] : sorter) as { field?: unknown; columnKey?: unknown; order?: 'ascend' | 'descend' | null } | undefined;
  if (!one?.order) return {};
  const column = one.columnKey ?? one.field;
  if (typeof column !== 'string') return {};
  return { orderByColumn: column, isAsc: one.order === 'ascend' ? 'asc' : 'desc' };
}

/**
 * The logic every paged administration list shares: filters, page, page size and sort kept as
 * state, the page fetched through TanStack Query (the previous page stays visible while the next
 * loads), and the row selection for batch actions.
 */
export function useListController<F extends object, Row, Answer extends PageRows<Row> = PageRows<Row>>(options: {
  queryKey: string;
  fetchPage: (params: ListParams<F>) => Promise<Answer>;
  initialFilters: F;
  initialSort?: Sort;
  enabled?: boolean;
  /** Rows per page at first (SPEC §9's default; the record lists show more). */
  initialPageSize?: number;
}) {
  const { queryKey, fetchPage, initialFilters, initialSort = {}, enabled = true, initialPageSize = DEFAULT_PAGE_SIZE } = options;
  const [filters, setFilters] = useState<F>(initialFilters);
  const [page, setPage] = useState({ pageNum: DEFAULT_PAGE_NUM, pageSize: initialPageSize });
  const [sort, setSort] = useState<Sort>(initialSort);
  const [selectedRowKeys, setSelectedRowKeys] = useState<React.Key[]>([]);

  const params = { ...filters, ...page, ...sort } as ListParams<F>;
  const query = useQuery({
    queryKey: [queryKey, params],
    queryFn: () => fetchPage(params),
    placeholderData: keepPreviousData,
    enabled,
  });

  /** New filters start again at page 1 and drop the selection. */
  const search = (next: Partial<F>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage((p) => ({ ...p, pageNum: DEFAULT_PAGE_NUM }));
    setSelectedRowKeys([]);
  };

  /** Filters that change how the rows are told, not which: the page stays (a list's exact count). */
  const refine = (next: Partial<F>) => setFilters((current) => ({ ...current, ...next }));

  const reset = () => {
    setFilters(initialFilters);
    setSort(initialSort);
    setPage((p) => ({ ...p, pageNum: DEFAULT_PAGE_NUM }));
    setSelectedRowKeys([]);
  };

  /** A sort chosen outside the table (a saved view's): page 1 again. */
  const applySort = (next: Sort) => {
    setSort(next);
    setPage((p) => ({ ...p, pageNum: DEFAULT_PAGE_NUM }));
  };

  const handleTableChange: TableProps<Row>['onChange'] = (pagination: TablePaginationConfig, _filters, sorter) => {
    const pageSize = pagination.pageSize ?? page.pageSize;
    // A new page size starts again at page 1, like the spec's file list.
    const pageNum = pageSize !== page.pageSize ? DEFAULT_PAGE_NUM : (pagination.current ?? DEFAULT_PAGE_NUM);
    setPage({ pageNum, pageSize });
    setSort(sortFromSorter(sorter));
  };

  /** A page chosen outside the table (the cards a phone shows instead): the sort stays. */
  const goToPage = (pageNum: number, pageSize: number = page.pageSize) => setPage({ pageNum: pageSize !== page.pageSize ? DEFAULT_PAGE_NUM : pageNum, pageSize });

  const sortOrderOf = (column: string) => (sort.orderByColumn === column ? (sort.isAsc === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);

  return {
    filters,
    params,
    /** The whole answer of the page shown (lists may carry more than rows and total). */
    data: query.data,
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    isLoading: query.isFetching,
    /** The first page is on its way and nothing is shown yet: a placeholder, not "No data" (nor a count of 0). */
    isFirstLoad: query.isLoading,
    isError: query.isError && !query.data,
    refetch: () => void query.refetch(),
    search,
    refine,
    reset,
    sort,
    applySort,
    selectedRowKeys,
    setSelectedRowKeys,
    pagination: {
      current: page.pageNum,
      pageSize: page.pageSize,
      total: query.data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS,
    } satisfies TablePaginationConfig,
    handleTableChange,
    goToPage,
    sortOrderOf,
    /** Props of a column sorted on the server, named like its field, whose arrow follows the list's sort. */
    sortable: (column: string) => ({ key: column, dataIndex: column, sorter: true, sortOrder: sortOrderOf(column) }),
  };
}

export type ListController<F extends object, Row, Answer extends PageRows<Row> = PageRows<Row>> = ReturnType<typeof useListController<F, Row, Answer>>;
