import type { ConfigRow } from '@orbit/shared/contract/config';
import { deleteConfigs, listConfigs, type ConfigListParams } from '../../../api/system/config';
import { useAdminListController } from '../../../components/admin/useAdminListController';

export const CONFIGS_KEY = 'system-configs';
export type ConfigFilters = Pick<ConfigListParams, 'configName' | 'configKey' | 'configType' | 'params'>;
export type ConfigDialog = { config?: ConfigRow } | null;

/** System › Settings: the list, its dialog and deletes (built-in settings cannot be deleted). */
export function useConfigController() {
  return useAdminListController<ConfigFilters, ConfigRow, NonNullable<ConfigDialog>>({
    queryKey: CONFIGS_KEY,
    fetchPage: listConfigs,
    initialFilters: {},
    idOf: (c) => c.configId,
    deleteRows: deleteConfigs,
    confirmDeleteKey: 'config.confirmDelete',
    nameOf: (c) => c.configKey,
  });
}
