import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeptRow } from '@orbit/shared/contract/dept';
import { deleteDept, listDepts } from '../../../api/system/dept';
import { allKeys, nestByParent, type Nested } from '../../../components/admin/tree';
import { useConfirm } from '../../../components/admin/useConfirm';

export const DEPTS_KEY = 'system-depts';
export type DeptFilters = { deptName?: string; status?: string };
export type DeptNode = Nested<DeptRow>;
/** The dialog: a new department (under a parent), or the department being edited. */
export type DeptDialog = { mode: 'create'; parentId?: number } | { mode: 'edit'; dept: DeptRow } | null;

/** Departments page: the tree table with its filters, expansion, dialog and deletes. */
export function useDeptController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [filters, setFilters] = useState<DeptFilters>({});
  const [dialog, setDialog] = useState<DeptDialog>(null);
  const query = useQuery({ queryKey: [DEPTS_KEY, filters], queryFn: async () => (await listDepts(filters)).data });
  const tree = useMemo(() => nestByParent(query.data ?? [], 'deptId', 'parentId'), [query.data]);
  // null: everything open (the default); otherwise the keys the user left open.
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  const expandedKeys = expanded ?? allKeys(tree, (d) => d.deptId);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [DEPTS_KEY] });

  return {
    tree,
    isLoading: query.isFetching,
    isError: query.isError,
    refetch: () => void query.refetch(),
    search: (next: DeptFilters) => setFilters(next),
    reset: () => setFilters({}),
    expandedKeys,
    setExpanded,
    toggleAll: () => setExpanded(expandedKeys.length ? [] : null),
    dialog,
    openCreate: (parentId?: number) => setDialog({ mode: 'create', parentId }),
    openEdit: (dept: DeptRow) => setDialog({ mode: 'edit', dept }),
    close: () => setDialog(null),
    refresh,
    remove: (dept: DeptRow) =>
      confirm(t('dept.confirmDelete', { name: dept.deptName }), async () => {
        await deleteDept(dept.deptId);
        await refresh();
      }),
  };
}
