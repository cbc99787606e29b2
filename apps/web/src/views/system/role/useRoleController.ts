import { ADMIN_ROLE_KEY } from '@orbit/shared/constants';
import type { RoleRow } from '@orbit/shared/contract/role';
import { changeRoleStatus, deleteRoles, listRoles, type RoleListParams } from '../../../api/system/role';
import { useAdminListController } from '../../../components/admin/useAdminListController';

export const ROLES_KEY = 'system-roles';

/** The administrator role is never edited, disabled or deleted (the list may not flag it, so the key counts too). */
export const isAdminRole = (role: RoleRow) => role.admin || role.roleKey === ADMIN_ROLE_KEY;

export type RoleFilters = Pick<RoleListParams, 'roleName' | 'roleKey' | 'status' | 'params'>;
/** Which dialog is open, and for which role (none: a new role). */
export type RoleDialog = { kind: 'form'; role?: RoleRow } | { kind: 'dataScope'; role: RoleRow } | { kind: 'users'; role: RoleRow } | null;

/** Roles page: the list, its dialogs (edit with menu tree, data scope, holders), deletes and status. */
export function useRoleController() {
  const controller = useAdminListController<RoleFilters, RoleRow, NonNullable<RoleDialog>>({
    queryKey: ROLES_KEY,
    fetchPage: listRoles,
    initialFilters: {},
    idOf: (r) => r.roleId,
    deleteRows: deleteRoles,
    confirmDeleteKey: 'role.confirmDelete',
    nameOf: (r) => r.roleName,
  });

  return {
    ...controller,
    changeStatus: async (role: RoleRow, status: '0' | '1') => {
      await changeRoleStatus(role.roleId, status);
      await controller.refresh();
    },
  };
}
