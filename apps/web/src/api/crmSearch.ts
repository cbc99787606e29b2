import type { CrmModule } from '@orbit/shared/crm/modules';
import type { GlobalSearchHit, GlobalSearchResults } from '@orbit/shared/contract/crm';
import { request } from './request';

/**
 * The global search over records (`GET /crm/search`), apart from api/crm.ts: the signed-in shell's
 * search palette calls it, and the shell should not carry the records engine's calls.
 */
export const searchRecords = (q: string, limit?: number) =>
  request<{ code: number; msg: string; data: GlobalSearchHit[] }>({ url: '/crm/search', params: { q, limit } });

/** The full results page: hits per module the caller may list, and one ranked page of one module. */
export const searchResults = (params: { q: string; module?: CrmModule; pageNum: number; pageSize: number }) =>
  request<{ code: number; msg: string; data: GlobalSearchResults }>({ url: '/crm/search/results', params });
