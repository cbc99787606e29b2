import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE_KEY } from '@orbit/shared/constants';
import type { RoleRow } from '@orbit/shared/contract/role';
import { changeRoleStatus, deleteRoles, listRoles, type RoleListParams } from '../../../api/system/role';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useListController } from '../../../components/admin/useListController';

export const ROLES_KEY = 'system-roles';

/** The administrator role is never edited, disabled or deleted (the list may not flag it, so the key counts too). */
export const isAdminRole = (role: RoleRow) => role.admin || role.roleKey === ADMIN_ROLE_KEY;

export type RoleFilters = Pick<RoleListParams, 'roleName' | 'roleKey' | 'status' | 'params'>;
/** Which dialog is open, and for which role (none: a new role). */
export type RoleDialog = { kind: 'form'; role?: RoleRow } | { kind: 'dataScope'; role: RoleRow } | { kind: 'users'; role: RoleRow } | null;

/** Roles page: the list, its dialogs (edit with menu tree, data scope, holders), deletes and status. */
export function useRoleController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListController<RoleFilters, RoleRow>({ queryKey: ROLES_KEY, fetchPage: listRoles, initialFilters: {} });
  const [dialog, setDialog] = useState<RoleDialog>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [ROLES_KEY] });
  const selectedRoles = list.rows.filter((r) => list.selectedRowKeys.includes(r.roleId));

  const remove = (roles: RoleRow[]) => {
    if (!roles.length) return;
    confirm(t('role.confirmDelete', { names: roles.map((r) => r.roleName).join(', ') }), async () => {
      await deleteRoles(roles.map((r) => r.roleId));
      list.setSelectedRowKeys([]);
      await refresh();
    });
  };

  return {
    list,
    dialog,
    open: setDialog,
    close: () => setDialog(null),
    selectedRoles,
    remove,
    changeStatus: async (role: RoleRow, status: '0' | '1') => {
      await changeRoleStatus(role.roleId, status);
      await refresh();
    },
    refresh,
  };
}
