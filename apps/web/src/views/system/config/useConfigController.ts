import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigRow } from '@orbit/shared/contract/config';
import { deleteConfigs, listConfigs, type ConfigListParams } from '../../../api/system/config';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useListController } from '../../../components/admin/useListController';

export const CONFIGS_KEY = 'system-configs';
export type ConfigFilters = Pick<ConfigListParams, 'configName' | 'configKey' | 'configType' | 'params'>;
export type ConfigDialog = { config?: ConfigRow } | null;

/** System › Settings: the list, its dialog and deletes (built-in settings cannot be deleted). */
export function useConfigController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListController<ConfigFilters, ConfigRow>({ queryKey: CONFIGS_KEY, fetchPage: listConfigs, initialFilters: {} });
  const [dialog, setDialog] = useState<ConfigDialog>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [CONFIGS_KEY] });
  const selected = list.rows.filter((r) => list.selectedRowKeys.includes(r.configId));

  return {
    list,
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    selected,
    refresh,
    remove: (configs: ConfigRow[]) => {
      if (!configs.length) return;
      confirm(t('config.confirmDelete', { names: configs.map((c) => c.configKey).join(', ') }), async () => {
        await deleteConfigs(configs.map((c) => c.configId));
        list.setSelectedRowKeys([]);
        await refresh();
      });
    },
  };
}
