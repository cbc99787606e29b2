import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeRow } from '@orbit/shared/contract/notice';
import { deleteNotices, listNotices, type NoticeListParams } from '../../../api/system/notice';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useListController } from '../../../components/admin/useListController';
import { noticesKey } from '../../../layout/useNoticeBell';

export const NOTICES_KEY = 'system-notices';
export type NoticeFilters = Pick<NoticeListParams, 'noticeTitle' | 'noticeType' | 'createBy' | 'status' | 'params'>;
export type NoticeDialog = { notice?: NoticeRow } | null;

/** System › Notices: the list, its dialog and deletes; a change refreshes the bell too. */
export function useNoticeController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListController<NoticeFilters, NoticeRow>({ queryKey: NOTICES_KEY, fetchPage: listNotices, initialFilters: {} });
  const [dialog, setDialog] = useState<NoticeDialog>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [NOTICES_KEY] });
    await queryClient.invalidateQueries({ queryKey: noticesKey });
  };
  const selected = list.rows.filter((r) => list.selectedRowKeys.includes(r.noticeId));

  return {
    list,
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    selected,
    refresh,
    remove: (notices: NoticeRow[]) => {
      if (!notices.length) return;
      confirm(t('notice.confirmDelete', { names: notices.map((n) => n.noticeTitle).join(', ') }), async () => {
        await deleteNotices(notices.map((n) => n.noticeId));
        list.setSelectedRowKeys([]);
        await refresh();
      });
    },
  };
}
