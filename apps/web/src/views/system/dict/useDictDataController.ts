import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { deleteDictData, listDictData, type DictDataListParams, type DictDataRow } from '../../../api/system/dict';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useListController } from '../../../components/admin/useListController';

export const DICT_DATA_KEY = 'system-dict-data';
export type DictDataFilters = Pick<DictDataListParams, 'dictType' | 'dictLabel' | 'status'>;
export type DictDataDialog = { data?: DictDataRow } | null;

/** The values of one dictionary type (`?dictType=` in the address), with their dialog and deletes. */
export function useDictDataController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [searchParams, setSearchParams] = useSearchParams();
  const dictType = searchParams.get('dictType') ?? '';
  const list = useListController<DictDataFilters, DictDataRow>({
    queryKey: DICT_DATA_KEY,
    fetchPage: (params) => listDictData({ ...params, dictType }),
    initialFilters: {},
    enabled: !!dictType,
  });
  const [dialog, setDialog] = useState<DictDataDialog>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [DICT_DATA_KEY] });
    await queryClient.invalidateQueries({ queryKey: ['dict', dictType] });
  };
  const selected = list.rows.filter((r) => list.selectedRowKeys.includes(r.dictCode));

  return {
    dictType,
    list: { ...list, params: { ...list.params, dictType } },
    chooseType: (next: string) => {
      setSearchParams({ dictType: next });
      list.reset();
    },
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    selected,
    refresh,
    remove: (rows: DictDataRow[]) => {
      if (!rows.length) return;
      confirm(t('dict.confirmDeleteData', { names: rows.map((d) => d.dictLabel).join(', ') }), async () => {
        await deleteDictData(rows.map((d) => d.dictCode));
        list.setSelectedRowKeys([]);
        await refresh();
      });
    },
  };
}
