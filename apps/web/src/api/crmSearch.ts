import type { GlobalSearchHit } from '@orbit/shared/contract/crm';
import { request } from './request';

/**
 * The global search over records (`GET /crm/search`), apart from api/crm.ts: the signed-in shell's
 * search palette calls it, and the shell should not carry the records engine's calls.
 */
export const searchRecords = (q: string, limit?: number) =>
  request<{ code: number; msg: string; data: GlobalSearchHit[] }>({ url: '/crm/search', params: { q, limit } });
