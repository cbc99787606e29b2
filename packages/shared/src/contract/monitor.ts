import { z } from 'zod';
import { dateRangeQuery, pageQuery, sortQuery, statusFilter, textFilter } from './common';

export const LOGININFOR_SORT_COLUMNS = ['infoId', 'userName', 'ipaddr', 'status', 'loginTime'] as const;
export const OPERLOG_SORT_COLUMNS = ['operId', 'title', 'businessType', 'operName', 'status', 'operTime', 'costTime'] as const;

export const logininforListQuery = z.object({
  ...pageQuery,
  ...sortQuery(LOGININFOR_SORT_COLUMNS),
  ...dateRangeQuery,
  ipaddr: textFilter(128),
  userName: textFilter(100),
  status: statusFilter,
});
export type LogininforListQuery = z.infer<typeof logininforListQuery>;

export const operlogListQuery = z.object({
  ...pageQuery,
  ...sortQuery(OPERLOG_SORT_COLUMNS),
  ...dateRangeQuery,
  operIp: textFilter(128),
  title: textFilter(100),
  operName: textFilter(100),
  businessType: z.union([z.literal(''), z.coerce.number().int().min(0).max(9)]).optional(),
  status: statusFilter,
});
export type OperlogListQuery = z.infer<typeof operlogListQuery>;

/** Operation-log business types (dictionary `sys_oper_type`). */
export const BUSINESS_TYPE = {
  other: 0,
  insert: 1,
  update: 2,
  delete: 3,
  grant: 4,
  export: 5,
  import: 6,
  force: 7,
  generate: 8,
  clean: 9,
} as const;
export type BusinessType = (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE];
