import { z } from 'zod';
import { USERNAME_MAX } from '../constants';
import { requiredText, stringValue } from '../validation';
import { dateRangeQuery, id, nullableText, pageQuery, sortQuery, statusFilter, statusValue, textFilter } from './common';

/** Notices and announcements (`/system/notice`, RuoYi's paths and fields) and the navbar bell. */
export const NOTICE_TYPES = ['1', '2'] as const;
/** Longest notice text stored (HTML, after cleaning). */
export const NOTICE_CONTENT_MAX = 20_000;
/** How many notices the bell lists (`listTop`), newest first, like RuoYi's header. */
export const NOTICE_TOP_SHOWN = 5;

export const NOTICE_SORT_COLUMNS = ['noticeId', 'noticeTitle', 'noticeType', 'status', 'createTime'] as const;

export const noticeListQuery = z.object({
  ...pageQuery,
  ...sortQuery(NOTICE_SORT_COLUMNS),
  ...dateRangeQuery,
  noticeTitle: textFilter(50),
  noticeType: z.union([z.literal(''), z.enum(NOTICE_TYPES)]).optional(),
  createBy: textFilter(64),
  status: statusFilter,
});
export type NoticeListQuery = z.infer<typeof noticeListQuery>;

/**
 * Sort names of a notice's readers (RuoYi's "read users" dialog); unsorted: last read first. Each
 * is served by an index (bench/userList.ts); the department's name is not, and is not offered.
 */
export const NOTICE_READER_SORT_COLUMNS = ['userName', 'nickName', 'readTime'] as const;
/** `GET /system/notice/readUsers/list?noticeId=&searchValue=`: `searchValue` is in the user name or the nickname. */
export const noticeReadersQuery = z.object({
  ...pageQuery,
  ...sortQuery(NOTICE_READER_SORT_COLUMNS),
  noticeId: id,
  searchValue: textFilter(USERNAME_MAX),
});
export type NoticeReadersQuery = z.infer<typeof noticeReadersQuery>;
/** A reader of a notice, with RuoYi's column names. */
export type NoticeReader = { userId: number; userName: string; nickName: string; deptName: string | null; phonenumber: string; readTime: string };

const noticeFields = {
  noticeTitle: requiredText(50),
  noticeType: z.enum(NOTICE_TYPES, { error: 'validation.required' }),
  noticeContent: stringValue()
    .max(NOTICE_CONTENT_MAX, { error: 'validation.tooLong' })
    .nullish()
    .transform((v) => v ?? ''),
  status: statusValue.default('0'),
  remark: nullableText(255),
  /** Departments addressed (each with those below it); empty: everyone. Orbit's addition. */
  deptIds: z.array(id).max(100).default([]),
};
export const createNoticeBody = z.object(noticeFields);
export type CreateNoticeBody = z.infer<typeof createNoticeBody>;
export const updateNoticeBody = z.object({ ...noticeFields, noticeId: id });
export type UpdateNoticeBody = z.infer<typeof updateNoticeBody>;

/** `POST /system/notice/markRead?noticeId=`; `markReadAll?ids=1,2` (RuoYi sends them as query parameters). */
export const markNoticeReadQuery = z.object({ noticeId: id });
export const markNoticesReadQuery = z.object({
  ids: z.union([z.literal(''), stringValue().regex(/^\d{1,15}(,\d{1,15}){0,99}$/, { error: 'validation.invalidValue' })]).default(''),
});

export type NoticeRow = {
  noticeId: number;
  noticeTitle: string;
  noticeType: string;
  noticeContent: string;
  status: string;
  remark: string;
  createBy: string;
  createTime: string;
  updateBy: string;
  updateTime: string | null;
  deptIds: number[];
};

/** A notice as the bell lists it, with whether the caller has read it. */
export type TopNotice = Omit<NoticeRow, 'remark' | 'deptIds' | 'updateBy'> & { isRead: boolean };
export type TopNoticesAnswer = { code: number; msg: string; data: TopNotice[]; unreadCount: number };
