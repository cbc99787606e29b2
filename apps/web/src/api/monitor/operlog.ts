import type { PageRows } from '@orbit/shared/contract/common';
import { request } from '../request';
import type { PageParams } from '../system/common';

export type OperlogRow = {
  operId: number;
  title: string;
  businessType: number;
  method: string;
  requestMethod: string;
  operName: string;
  deptName: string;
  operUrl: string;
  operIp: string;
  operLocation: string;
  operParam: string;
  jsonResult: string;
  status: number | string;
  errorMsg: string;
  operTime: string;
  costTime: number;
};
export type OperlogListParams = PageParams & { operIp?: string; title?: string; operName?: string; businessType?: number | ''; status?: string };

export const listOperlog = (params: OperlogListParams) => request<PageRows<OperlogRow>>({ url: '/monitor/operlog/list', params });
export const getOperlog = (operId: number) => request<{ data: OperlogRow }>({ url: `/monitor/operlog/${operId}` });
export const deleteOperlog = (operIds: number[]) => request({ url: `/monitor/operlog/${operIds.join(',')}`, method: 'DELETE' });
export const cleanOperlog = () => request({ url: '/monitor/operlog/clean', method: 'DELETE' });
