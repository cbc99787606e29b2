/** Paging, sorting and created-between parameters every administration list takes. */
export type PageParams = {
  pageNum?: number;
  pageSize?: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc';
  params?: { beginTime?: string; endTime?: string };
};
