import { describe, expect, it } from 'vitest';
import type { MenuRow } from '@orbit/shared/contract/menu';
import { parentOptions } from './parentOptions';
import { fieldsOf } from './MenuFormDialog';

const row = (menuId: number, parentId: number, menuType: string): MenuRow => ({ menuId, parentId, menuType, menuName: `m${menuId}` }) as MenuRow;
const rows = [row(1, 0, 'M'), row(2, 1, 'C'), row(3, 2, 'F'), row(4, 2, 'M'), row(5, 4, 'C'), row(6, 0, 'C')];
const ids = (nodes: { menuId: number; children?: unknown[] }[]): number[] =>
  nodes.flatMap((n) => [n.menuId, ...ids((n.children ?? []) as { menuId: number }[])]);

describe('menu parent choices', () => {
  it('offers a root and every directory and page, never buttons', () => {
    expect(ids(parentOptions(rows, 'Root'))).toEqual([0, 1, 2, 4, 5, 6]);
  });

  it('leaves out the menu itself and its descendants', () => {
    expect(ids(parentOptions(rows, 'Root', 2))).toEqual([0, 1, 6]);
  });

  it('shows the fields of each menu type', () => {
    expect(fieldsOf('M')).toEqual({ routing: true, page: false, perms: false });
    expect(fieldsOf('C')).toEqual({ routing: true, page: true, perms: true });
    expect(fieldsOf('F')).toEqual({ routing: false, page: false, perms: true });
  });
});
