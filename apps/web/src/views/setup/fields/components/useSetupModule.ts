import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { getSetupModule } from '../../../../api/setup';
import { useHasPermission } from '../../../../utils/permission';
import { moduleMetaKey } from '../../../crm/engine/useModuleMeta';

export const setupKey = (module: CrmModule, language?: string) => (language ? ['setup', module, language] : ['setup', module]);

/**
 * A module's set-up (fields with their usage, every record type and layout, the default list
 * columns) and what to refetch after a change: the set-up itself and the module's metadata, so
 * forms and lists already open in this tab draw the change at once.
 */
export function useSetupModule(module: CrmModule) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: setupKey(module, i18n.language), queryFn: async () => (await getSetupModule(module)).data });
  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: setupKey(module) }), queryClient.invalidateQueries({ queryKey: moduleMetaKey(module) })]);
  };
  const can = {
    add: useHasPermission(PERMISSIONS.setupFields.add),
    edit: useHasPermission(PERMISSIONS.setupFields.edit),
    remove: useHasPermission(PERMISSIONS.setupFields.remove),
  };
  return { query, refresh, can };
}
