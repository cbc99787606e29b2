import type { ApiKeyRow, CreateApiKeyBody, CreatedApiKey } from '@orbit/shared/contract/apiKeys';
import type { PageRows } from '@orbit/shared/contract/common';
import { request } from '../request';
import type { PageParams } from './common';

/** One's own API keys (Profile › API keys). */
export const listOwnApiKeys = () => request<{ data: ApiKeyRow[] }>({ url: '/system/user/profile/apikey' });
/** The answer carries the key itself, this once. */
export const createApiKey = (data: CreateApiKeyBody) => request<{ data: CreatedApiKey; msg: string }>({ url: '/system/user/profile/apikey', method: 'POST', data });
export const revokeOwnApiKey = (keyId: number) => request({ url: `/system/user/profile/apikey/${keyId}`, method: 'DELETE' });

/** Everyone's keys within the administrator's reach (System › Users › API keys). */
export const listAllApiKeys = (params: PageParams & { userName?: string }) => request<PageRows<ApiKeyRow>>({ url: '/system/apikey/list', params });
export const revokeApiKey = (keyId: number) => request({ url: `/system/apikey/${keyId}`, method: 'DELETE' });
