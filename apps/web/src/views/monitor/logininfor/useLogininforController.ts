import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cleanLogininfor, deleteLogininfor, listLogininfor, unlockUser, type LogininforListParams, type LogininforRow } from '../../../api/monitor/logininfor';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useListController } from '../../../components/admin/useListController';

export const LOGININFOR_KEY = 'monitor-logininfor';
export type LogininforFilters = Pick<LogininforListParams, 'ipaddr' | 'userName' | 'status' | 'params'>;

/** Login log: list, delete, clean, and unlocking the account of the selected entry. */
export function useLogininforController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListController<LogininforFilters, LogininforRow>({ queryKey: LOGININFOR_KEY, fetchPage: listLogininfor, initialFilters: {} });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LOGININFOR_KEY] });
  const selected = list.rows.filter((r) => list.selectedRowKeys.includes(r.infoId));

  return {
    list,
    selected,
    remove: (rows: LogininforRow[]) => {
      if (!rows.length) return;
      confirm(t('logininfor.confirmDelete', { count: rows.length }), async () => {
        await deleteLogininfor(rows.map((r) => r.infoId));
        list.setSelectedRowKeys([]);
        await refresh();
      });
    },
    clean: () =>
      confirm(
        t('logininfor.confirmClean'),
        async () => {
          await cleanLogininfor();
          list.setSelectedRowKeys([]);
          await refresh();
        },
        t('monitor.cleaned'),
      ),
    /** Lifts the lock of the user of the (one) selected entry. */
    unlock: (row: LogininforRow) =>
      confirm(t('logininfor.confirmUnlock', { name: row.userName }), () => unlockUser(row.userName), t('logininfor.unlocked')),
  };
}
