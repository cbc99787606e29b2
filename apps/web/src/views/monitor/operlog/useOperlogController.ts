import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanOperlog, deleteOperlog, listOperlog, type OperlogListParams, type OperlogRow } from '../../../api/monitor/operlog';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useListController } from '../../../components/admin/useListController';

export const OPERLOG_KEY = 'monitor-operlog';
export type OperlogFilters = Pick<OperlogListParams, 'operIp' | 'title' | 'operName' | 'businessType' | 'status' | 'params'>;

/** Operation log: list, detail drawer, delete and clean. */
export function useOperlogController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListController<OperlogFilters, OperlogRow>({ queryKey: OPERLOG_KEY, fetchPage: listOperlog, initialFilters: {} });
  const [detailId, setDetailId] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [OPERLOG_KEY] });
  const selected = list.rows.filter((r) => list.selectedRowKeys.includes(r.operId));

  return {
    list,
    selected,
    detailId,
    openDetail: (row: OperlogRow) => setDetailId(row.operId),
    closeDetail: () => setDetailId(null),
    remove: (rows: OperlogRow[]) => {
      if (!rows.length) return;
      confirm(t('operlog.confirmDelete', { count: rows.length }), async () => {
        await deleteOperlog(rows.map((r) => r.operId));
        list.setSelectedRowKeys([]);
        await refresh();
      });
    },
    clean: () =>
      confirm(
        t('operlog.confirmClean'),
        async () => {
          await cleanOperlog();
          list.setSelectedRowKeys([]);
          await refresh();
        },
        t('monitor.cleaned'),
      ),
  };
}
