import type { MenuRow } from '@orbit/shared/contract/menu';
import { nestByParent, type Nested } from '../../../../components/admin/tree';

export type ParentOption = Nested<{ menuId: number; parentId: number; menuName: string }>;

/**
 * The menus a menu may sit under: a root entry (id 0) holding every directory and page, without
 * buttons, and without the menu itself and its descendants (no cycles).
 */
export function parentOptions(rows: MenuRow[], rootLabel: string, excludeId?: number): ParentOption[] {
  const excluded = new Set<number>();
  if (excludeId !== undefined) {
    excluded.add(excludeId);
    let grew = true;
    while (grew) {
      grew = false;
      for (const row of rows) {
        if (!excluded.has(row.menuId) && excluded.has(row.parentId)) {
          excluded.add(row.menuId);
          grew = true;
        }
      }
    }
  }
  const kept = rows
    .filter((r) => r.menuType !== 'F' && !excluded.has(r.menuId))
    .map((r) => ({ menuId: r.menuId, parentId: r.parentId, menuName: r.menuName }));
  return [{ menuId: 0, parentId: -1, menuName: rootLabel, children: nestByParent(kept, 'menuId', 'parentId') }];
}
