import { DASHBOARD_COLUMNS } from '../contract/dashboard';

/** A widget's place on the grid: column x, row y, w columns wide, h rows tall. */
export type Cell = { x: number; y: number; w: number; h: number };

export const overlaps = (a: Cell, b: Cell): boolean => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Why a layout cannot be saved, or null: every widget within the columns, no two sharing a cell.
 * The rule is "no overlap" rather than a compaction: a gap the user left stays where they put it.
 * The server checks it on save; the editor never produces a layout that breaks it.
 */
export function layoutProblem(cells: readonly Cell[]): 'dashboard.outsideGrid' | 'dashboard.overlap' | null {
  if (cells.some((c) => c.x + c.w > DASHBOARD_COLUMNS)) return 'dashboard.outsideGrid';
  for (let i = 0; i < cells.length; i++) for (let j = i + 1; j < cells.length; j++) if (overlaps(cells[i]!, cells[j]!)) return 'dashboard.overlap';
  return null;
}
