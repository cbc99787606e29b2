import type { PageRows } from '@orbit/shared/contract/common';
import { request } from '../request';
import type { PageParams } from '../system/common';

export type LogininforRow = {
  infoId: number;
  userName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  status: string;
  msg: string;
  loginTime: string;
};
export type LogininforListParams = PageParams & { ipaddr?: string; userName?: string; status?: string };

export const listLogininfor = (params: LogininforListParams) => request<PageRows<LogininforRow>>({ url: '/monitor/logininfor/list', params });
export const deleteLogininfor = (infoIds: number[]) => request({ url: `/monitor/logininfor/${infoIds.join(',')}`, method: 'DELETE' });
export const cleanLogininfor = () => request({ url: '/monitor/logininfor/clean', method: 'DELETE' });
export const unlockUser = (userName: string) => request({ url: `/monitor/logininfor/unlock/${encodeURIComponent(userName)}` });
