import type { CSSProperties } from 'react';
import { DASHBOARD_COLUMNS } from '@orbit/shared/contract/dashboard';
import type { Cell } from '@orbit/shared/crm/dashboardLayout';

/** Grid rows are this tall (px); a widget spans `h` of them. */
export const ROW_HEIGHT = 84;
/** Space between cells (px): dragging counts a column or a row as its size plus this. */
export const GRID_GAP = 12;

/** The dashboard's grid, shown or being arranged. */
export const gridStyle: CSSProperties = { display: 'grid', gridTemplateColumns: `repeat(${DASHBOARD_COLUMNS}, minmax(0, 1fr))`, gridAutoRows: ROW_HEIGHT, gap: GRID_GAP };

/** Where a widget sits in the grid. */
export const cellStyle = (cell: Cell): CSSProperties => ({ gridColumn: `${cell.x + 1} / span ${cell.w}`, gridRow: `${cell.y + 1} / span ${cell.h}`, minWidth: 0 });
