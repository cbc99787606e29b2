import type { NoticeRow } from '@orbit/shared/contract/notice';
import { deleteNotices, listNotices, type NoticeListParams } from '../../../api/system/notice';
import { useAdminListController } from '../../../components/admin/useAdminListController';
import { noticesKey } from '../../../layout/useNoticeBell';

export const NOTICES_KEY = 'system-notices';
export type NoticeFilters = Pick<NoticeListParams, 'noticeTitle' | 'noticeType' | 'createBy' | 'status' | 'params'>;
export type NoticeDialog = { notice?: NoticeRow } | null;

/** System › Notices: the list, its dialog and deletes; a change refreshes the bell too. */
export function useNoticeController() {
  return useAdminListController<NoticeFilters, NoticeRow, NonNullable<NoticeDialog>>({
    queryKey: NOTICES_KEY,
    fetchPage: listNotices,
    initialFilters: {},
    idOf: (n) => n.noticeId,
    deleteRows: deleteNotices,
    confirmDeleteKey: 'notice.confirmDelete',
    nameOf: (n) => n.noticeTitle,
    alsoRefresh: [noticesKey],
  });
}
