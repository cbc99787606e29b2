import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageRows } from '@orbit/shared/contract/common';
import { useConfirm } from './useConfirm';
import { useListController, type ListParams } from './useListController';

type Options<F extends object, Row> = {
  queryKey: string;
  fetchPage: (params: ListParams<F>) => Promise<PageRows<Row>>;
  initialFilters: F;
  enabled?: boolean;
  /** The row's id: the key of its check box and what the delete endpoint takes. */
  idOf: (row: Row) => number;
  deleteRows: (ids: number[]) => Promise<unknown>;
  /** The translation key of the delete confirmation; it is given the rows' names joined as `names`. */
  confirmDeleteKey: string;
  nameOf: (row: Row) => string;
  /** Other queries showing these rows (the notice bell, cached dictionaries): refreshed after a change too, in order. */
  alsoRefresh?: QueryKey[];
};

/**
 * The controller of an administration list whose rows are added and edited in one dialog and
 * deleted one by one or in a batch: the paged list, the dialog open (`Dialog`: which row, none
 * for a new one), the checked rows, and a delete that asks first. The page keeps its own columns,
 * filters and extra actions.
 */
export function useAdminListController<F extends object, Row, Dialog>(options: Options<F, Row>) {
  const { queryKey, fetchPage, initialFilters, enabled, idOf, deleteRows, confirmDeleteKey, nameOf, alsoRefresh = [] } = options;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListController<F, Row>({ queryKey, fetchPage, initialFilters, enabled });
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const refresh = async () => {
    for (const key of [[queryKey], ...alsoRefresh]) await queryClient.invalidateQueries({ queryKey: key });
  };
  // The rows of the page shown whose check box is ticked (a new page or search clears the ticks).
  const selected = list.rows.filter((row) => list.selectedRowKeys.includes(idOf(row)));

  return {
    list,
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    selected,
    refresh,
    remove: (rows: Row[]) => {
      if (!rows.length) return;
      confirm(t(confirmDeleteKey, { names: rows.map(nameOf).join(', ') }), async () => {
        await deleteRows(rows.map(idOf));
        list.setSelectedRowKeys([]);
        await refresh();
      });
    },
  };
}
