import type { PageRows, TreeSelectNode } from '@orbit/shared/contract/common';
import type { CreateNoticeBody, NoticeRow, TopNoticesAnswer, UpdateNoticeBody } from '@orbit/shared/contract/notice';
import { request } from '../request';
import type { PageParams } from './common';

export type NoticeListParams = PageParams & { noticeTitle?: string; noticeType?: string; createBy?: string; status?: string };

export const listNotices = (params: NoticeListParams) => request<PageRows<NoticeRow>>({ url: '/system/notice/list', params });
export const getNotice = (noticeId: number) => request<{ data: NoticeRow }>({ url: `/system/notice/${noticeId}` });
export const addNotice = (data: CreateNoticeBody) => request({ url: '/system/notice', method: 'POST', data });
export const updateNotice = (data: UpdateNoticeBody) => request({ url: '/system/notice', method: 'PUT', data });
/** The departments a notice may be addressed to (within the caller's reach). */
export const getNoticeDeptTree = () => request<{ data: TreeSelectNode[] }>({ url: '/system/notice/deptTree' });
export const deleteNotices = (noticeIds: number[]) => request({ url: `/system/notice/${noticeIds.join(',')}`, method: 'DELETE' });

/** The navbar bell, asked for every minute: a failed poll says nothing by itself (the bell shows it when opened). */
export const getTopNotices = () => request<TopNoticesAnswer>({ url: '/system/notice/listTop', showError: false });
export const markNoticeRead = (noticeId: number) => request({ url: '/system/notice/markRead', method: 'POST', params: { noticeId } });
/** No ids: every notice addressed to the user. */
export const markNoticesRead = (ids?: number[]) => request({ url: '/system/notice/markReadAll', method: 'POST', params: ids?.length ? { ids: ids.join(',') } : {} });
