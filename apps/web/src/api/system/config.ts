import type { PageRows } from '@orbit/shared/contract/common';
import type { ConfigRow, CreateConfigBody, UpdateConfigBody } from '@orbit/shared/contract/config';
import { request } from '../request';
import type { PageParams } from './common';

export type ConfigListParams = PageParams & { configName?: string; configKey?: string; configType?: string };

export const listConfigs = (params: ConfigListParams) => request<PageRows<ConfigRow>>({ url: '/system/config/list', params });
export const getConfig = (configId: number) => request<{ data: ConfigRow }>({ url: `/system/config/${configId}` });
export const addConfig = (data: CreateConfigBody) => request({ url: '/system/config', method: 'POST', data });
export const updateConfig = (data: UpdateConfigBody) => request({ url: '/system/config', method: 'PUT', data });
export const deleteConfigs = (configIds: number[]) => request({ url: `/system/config/${configIds.join(',')}`, method: 'DELETE' });
export const refreshConfigCache = () => request({ url: '/system/config/refreshCache', method: 'DELETE' });
