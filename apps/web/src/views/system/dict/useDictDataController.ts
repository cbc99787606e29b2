import { useSearchParams } from 'react-router';
import { deleteDictData, listDictData, type DictDataListParams, type DictDataRow } from '../../../api/system/dict';
import { useAdminListController } from '../../../components/admin/useAdminListController';

export const DICT_DATA_KEY = 'system-dict-data';
export type DictDataFilters = Pick<DictDataListParams, 'dictType' | 'dictLabel' | 'status'>;
export type DictDataDialog = { data?: DictDataRow } | null;

/** The values of one dictionary type (`?dictType=` in the address), with their dialog and deletes. */
export function useDictDataController() {
  const [searchParams, setSearchParams] = useSearchParams();
  const dictType = searchParams.get('dictType') ?? '';
  const controller = useAdminListController<DictDataFilters, DictDataRow, NonNullable<DictDataDialog>>({
    queryKey: DICT_DATA_KEY,
    fetchPage: (params) => listDictData({ ...params, dictType }),
    initialFilters: {},
    enabled: !!dictType,
    idOf: (d) => d.dictCode,
    deleteRows: deleteDictData,
    confirmDeleteKey: 'dict.confirmDeleteData',
    nameOf: (d) => d.dictLabel,
    // The cached values of this type, used by every form and tag showing it.
    alsoRefresh: [['dict', dictType]],
  });
  const { list } = controller;

  return {
    ...controller,
    dictType,
    // The type comes from the address, not the filters: the export must name it too.
    list: { ...list, params: { ...list.params, dictType } },
    chooseType: (next: string) => {
      setSearchParams({ dictType: next });
      list.reset();
    },
  };
}
