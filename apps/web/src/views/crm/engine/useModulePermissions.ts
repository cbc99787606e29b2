import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { useSession } from '../../../store/session';
import { hasPermission } from '../../../utils/permission';

export type RecordAction = 'list' | 'query' | 'add' | 'edit' | 'remove' | 'export';

/** The permission `crm:{module}:{action}` the server checks for an action on a module's records. */
export function modulePermission(module: CrmModule, action: RecordAction): string {
  return PERMISSIONS[module][action];
}

/** What the signed-in user may do with a module's records (buttons show only for holders). */
export function useModulePermissions(module: CrmModule): Record<RecordAction, boolean> {
  const session = useSession();
  const can = (action: RecordAction) => hasPermission(session, modulePermission(module, action));
  return { list: can('list'), query: can('query'), add: can('add'), edit: can('edit'), remove: can('remove'), export: can('export') };
}
