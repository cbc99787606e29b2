import { useCallback, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { DASHBOARD_COLUMNS } from '@orbit/shared/contract/dashboard';
import { GRID_GAP, ROW_HEIGHT } from '../components/gridMetrics';
import { placeWidget, type DraftWidget, type LayoutAction } from './layoutReducer';

/**
 * Dragging a widget's handle (move) or corner (resize) on the grid with pointer events — mouse, pen
 * or touch, no library. Each step is worked out from the layout the drag started on, so widgets
 * pushed aside on the way come back when the pointer moves on.
 */
export function useGridDrag(grid: RefObject<HTMLElement | null>, draft: DraftWidget[], dispatch: (action: LayoutAction) => void) {
  return useCallback(
    (key: number, mode: 'move' | 'resize') => (event: ReactPointerEvent<HTMLElement>) => {
      const area = grid.current;
      const start = draft.find((d) => d.key === key);
      if (!area || !start || event.button !== 0) return;
      event.preventDefault();
      const handle = event.currentTarget;
      handle.setPointerCapture(event.pointerId);
      const columnStep = (area.clientWidth + GRID_GAP) / DASHBOARD_COLUMNS;
      const rowStep = ROW_HEIGHT + GRID_GAP;
      const origin = { x: event.clientX, y: event.clientY };
      let last = '';
      const onMove = (e: PointerEvent) => {
        const columns = Math.round((e.clientX - origin.x) / columnStep);
        const rows = Math.round((e.clientY - origin.y) / rowStep);
        if (`${columns},${rows}` === last) return;
        last = `${columns},${rows}`;
        const want =
          mode === 'move'
            ? { x: start.x + columns, y: start.y + rows, w: start.w, h: start.h }
            : { x: start.x, y: start.y, w: Math.min(start.w + columns, DASHBOARD_COLUMNS - start.x), h: start.h + rows };
        dispatch({ type: 'replace', draft: placeWidget(draft, key, want) });
      };
      const onEnd = () => {
        handle.removeEventListener('pointermove', onMove);
        handle.removeEventListener('pointerup', onEnd);
        handle.removeEventListener('pointercancel', onEnd);
      };
      handle.addEventListener('pointermove', onMove);
      handle.addEventListener('pointerup', onEnd);
      handle.addEventListener('pointercancel', onEnd);
    },
    [grid, draft, dispatch],
  );
}
