import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteDictTypes, listDictTypes, type DictTypeListParams, type DictTypeRow } from '../../../api/system/dict';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useListController } from '../../../components/admin/useListController';

export const DICT_TYPES_KEY = 'system-dict-types';
export type DictTypeFilters = Pick<DictTypeListParams, 'dictName' | 'dictType' | 'status' | 'params'>;
export type DictTypeDialog = { type?: DictTypeRow } | null;

/** Dictionary types page: the list, its dialog and deletes. */
export function useDictTypeController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListController<DictTypeFilters, DictTypeRow>({ queryKey: DICT_TYPES_KEY, fetchPage: listDictTypes, initialFilters: {} });
  const [dialog, setDialog] = useState<DictTypeDialog>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [DICT_TYPES_KEY] });
    await queryClient.invalidateQueries({ queryKey: ['dict'] });
  };
  const selected = list.rows.filter((r) => list.selectedRowKeys.includes(r.dictId));

  return {
    list,
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    selected,
    refresh,
    remove: (types: DictTypeRow[]) => {
      if (!types.length) return;
      confirm(t('dict.confirmDeleteType', { names: types.map((d) => d.dictType).join(', ') }), async () => {
        await deleteDictTypes(types.map((d) => d.dictId));
        list.setSelectedRowKeys([]);
        await refresh();
      });
    },
  };
}
