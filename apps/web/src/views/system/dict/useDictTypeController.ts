import { deleteDictTypes, listDictTypes, type DictTypeListParams, type DictTypeRow } from '../../../api/system/dict';
import { useAdminListController } from '../../../components/admin/useAdminListController';

export const DICT_TYPES_KEY = 'system-dict-types';
export type DictTypeFilters = Pick<DictTypeListParams, 'dictName' | 'dictType' | 'status' | 'params'>;
export type DictTypeDialog = { type?: DictTypeRow } | null;

/** Dictionary types page: the list, its dialog and deletes; a change refreshes the cached dictionaries too. */
export function useDictTypeController() {
  return useAdminListController<DictTypeFilters, DictTypeRow, NonNullable<DictTypeDialog>>({
    queryKey: DICT_TYPES_KEY,
    fetchPage: listDictTypes,
    initialFilters: {},
    idOf: (d) => d.dictId,
    deleteRows: deleteDictTypes,
    confirmDeleteKey: 'dict.confirmDeleteType',
    nameOf: (d) => d.dictType,
    alsoRefresh: [['dict']],
  });
}
