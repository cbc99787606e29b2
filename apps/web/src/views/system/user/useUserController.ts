import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPER_ADMIN_USER_ID } from '@orbit/shared/constants';
import type { UserRow } from '@orbit/shared/contract/user';
import { changeUserStatus, deleteUsers, listUsers, type UserListParams } from '../../../api/system/user';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useListController } from '../../../components/admin/useListController';

export const USERS_KEY = 'system-users';

/** Nobody edits, disables or deletes the super administrator. */
export const isSuperAdmin = (user: UserRow) => user.admin || user.userId === SUPER_ADMIN_USER_ID;

export type UserFilters = Pick<UserListParams, 'userName' | 'phonenumber' | 'status' | 'deptId' | 'params'>;
/** The dialog open: a new user, or the id of the user being edited. */
export type UserDialog = { mode: 'create' } | { mode: 'edit'; userId: number } | null;

/** Users page: the list with its filters (department tree included), dialogs, deletes and status. */
export function useUserController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const list = useListController<UserFilters, UserRow>({ queryKey: USERS_KEY, fetchPage: listUsers, initialFilters: {} });
  const [dialog, setDialog] = useState<UserDialog>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [assigning, setAssigning] = useState<UserRow | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [USERS_KEY] });

  const remove = (users: UserRow[]) => {
    if (!users.length) return;
    confirm(t('user.confirmDelete', { names: users.map((u) => u.userName).join(', ') }), async () => {
      await deleteUsers(users.map((u) => u.userId));
      list.setSelectedRowKeys([]);
      await refresh();
    });
  };

  const selectedUsers = list.rows.filter((u) => list.selectedRowKeys.includes(u.userId));

  return {
    list,
    dialog,
    openCreate: () => setDialog({ mode: 'create' }),
    openEdit: (user: UserRow) => setDialog({ mode: 'edit', userId: user.userId }),
    closeDialog: () => setDialog(null),
    resetting,
    openReset: setResetting,
    closeReset: () => setResetting(null),
    assigning,
    openAssignRoles: setAssigning,
    closeAssignRoles: () => setAssigning(null),
    selectedUsers,
    remove,
    changeStatus: async (user: UserRow, status: '0' | '1') => {
      await changeUserStatus(user.userId, status);
      await refresh();
    },
    selectDept: (deptId: number | undefined) => list.search({ deptId }),
    refresh,
  };
}
