import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuRow } from '@orbit/shared/contract/menu';
import { deleteMenu, listMenus } from '../../../api/system/menu';
import { nestByParent, type Nested } from '../../../components/admin/tree';
import { useConfirm } from '../../../components/admin/useConfirm';

export const MENUS_KEY = 'system-menus';
export type MenuFilters = { menuName?: string; status?: string };
export type MenuNode = Nested<MenuRow>;
export type MenuDialog = { mode: 'create'; parentId?: number } | { mode: 'edit'; menu: MenuRow } | null;

/** Menus page: the menu tree table (directories, pages, buttons), its dialog and deletes. */
export function useMenuController() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [filters, setFilters] = useState<MenuFilters>({});
  const [dialog, setDialog] = useState<MenuDialog>(null);
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const query = useQuery({ queryKey: [MENUS_KEY, filters], queryFn: async () => (await listMenus(filters)).data });
  const tree = useMemo(() => nestByParent(query.data ?? [], 'menuId', 'parentId'), [query.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [MENUS_KEY] });

  return {
    rows: query.data ?? [],
    tree,
    isLoading: query.isFetching,
    isError: query.isError,
    refetch: () => void query.refetch(),
    search: (next: MenuFilters) => setFilters(next),
    reset: () => setFilters({}),
    expanded,
    setExpanded,
    toggleAll: () => setExpanded(expanded.length ? [] : (query.data ?? []).filter((m) => m.menuType !== 'F').map((m) => m.menuId)),
    dialog,
    openCreate: (parentId?: number) => setDialog({ mode: 'create', parentId }),
    openEdit: (menu: MenuRow) => setDialog({ mode: 'edit', menu }),
    close: () => setDialog(null),
    refresh,
    remove: (menu: MenuRow) =>
      confirm(t('menu.confirmDelete', { name: menu.menuName }), async () => {
        await deleteMenu(menu.menuId);
        await refresh();
      }),
  };
}
