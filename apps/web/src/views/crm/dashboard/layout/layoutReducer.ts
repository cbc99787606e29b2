import { DASHBOARD_COLUMNS, type DashboardWidget, type WidgetKind } from '@orbit/shared/contract/dashboard';
import { overlaps } from '@orbit/shared/crm/dashboardLayout';

/** Rows a widget may span (the contract's bound). */
export const MAX_ROWS = 12;

/** A widget being arranged; `key` is its place in the saved layout (which its data is fetched by). */
export type DraftWidget = DashboardWidget & { key: number };

export type LayoutAction =
  | { type: 'reset'; widgets: DashboardWidget[] }
  /** A whole arrangement worked out elsewhere (a drag, from the layout it started on). */
  | { type: 'replace'; draft: DraftWidget[] }
  | { type: 'place'; key: number; x: number; y: number; w: number; h: number }
  | { type: 'move'; key: number; dx: number; dy: number }
  | { type: 'resize'; key: number; dw: number; dh: number }
  | { type: 'kind'; key: number; kind: WidgetKind }
  | { type: 'remove'; key: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const draftOf = (widgets: DashboardWidget[]): DraftWidget[] => widgets.map((w, key) => ({ ...w, key }));
export const savedOf = (draft: DraftWidget[]): DashboardWidget[] => draft.map(({ key: _key, ...w }) => w);

/**
 * Puts one widget where asked (kept inside the grid) and moves every widget it now covers down below
 * it, and so on for those; nothing else moves, so gaps the user left stay (the server's rule is
 * "no overlap", not a compaction — `layoutProblem` in @orbit/shared/crm/dashboardLayout).
 */
export function placeWidget(draft: DraftWidget[], key: number, want: { x: number; y: number; w: number; h: number }): DraftWidget[] {
  const current = draft.find((d) => d.key === key);
  if (!current) return draft;
  const w = clamp(want.w, 1, DASHBOARD_COLUMNS);
  const h = clamp(want.h, 1, MAX_ROWS);
  const moved: DraftWidget = { ...current, w, h, x: clamp(want.x, 0, DASHBOARD_COLUMNS - w), y: Math.max(0, want.y) };
  const placed: DraftWidget[] = [moved];
  // Top to bottom, so a widget pushed down pushes the ones beneath it in turn.
  const others = draft.filter((d) => d.key !== key).sort((a, b) => a.y - b.y || a.x - b.x);
  for (const other of others) {
    let y = other.y;
    for (let blocker = placed.find((p) => overlaps({ ...other, y }, p)); blocker; blocker = placed.find((p) => overlaps({ ...other, y }, p))) y = blocker.y + blocker.h;
    placed.push({ ...other, y });
  }
  return draft.map((d) => placed.find((p) => p.key === d.key)!);
}

/** The layout editor's state: the dashboard's widgets while being arranged (Cancel resets them). */
export function layoutReducer(draft: DraftWidget[], action: LayoutAction): DraftWidget[] {
  const find = (key: number) => draft.find((d) => d.key === key);
  switch (action.type) {
    case 'reset':
      return draftOf(action.widgets);
    case 'replace':
      return action.draft;
    case 'place':
      return placeWidget(draft, action.key, action);
    case 'move': {
      const d = find(action.key);
      return d ? placeWidget(draft, d.key, { x: d.x + action.dx, y: d.y + action.dy, w: d.w, h: d.h }) : draft;
    }
    case 'resize': {
      const d = find(action.key);
      // Wider than the columns left of it: the widget moves left rather than growing past the edge.
      return d ? placeWidget(draft, d.key, { x: d.x, y: d.y, w: d.w + action.dw, h: d.h + action.dh }) : draft;
    }
    case 'kind':
      return draft.map((d) => (d.key === action.key ? { ...d, kind: action.kind } : d));
    case 'remove':
      return draft.filter((d) => d.key !== action.key);
  }
}
