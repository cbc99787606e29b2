import type { UserRecordItem, UserRecordRef } from '@orbit/shared/contract/userRecords';
import { request } from './request';

/**
 * Recently viewed records and favourites, apart from api/crm.ts: the signed-in shell's search
 * palette reads them, and the shell should not carry the records engine's calls.
 */
type Answer<T> = { code: number; msg: string; data: T };

export const getRecentRecords = () => request<Answer<UserRecordItem[]>>({ url: '/crm/recent' });
/** A detail page was opened: quiet on failure (a view not remembered is no reason to interrupt). */
export const recordView = (ref: UserRecordRef) => request<Answer<unknown>>({ url: '/crm/recent', method: 'POST', data: ref, showError: false });
export const getFavourites = () => request<Answer<UserRecordItem[]>>({ url: '/crm/favourite' });
export const addFavourite = (ref: UserRecordRef) => request<Answer<unknown>>({ url: '/crm/favourite', method: 'POST', data: ref });
export const removeFavourite = ({ module, id }: UserRecordRef) => request<Answer<unknown>>({ url: `/crm/favourite/${module}/${id}`, method: 'DELETE' });
