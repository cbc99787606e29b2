import { Spin, Tooltip } from 'antd';
import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { FieldInput } from '../../fieldTypes/FieldInput';
import { sameCell } from './gridCells';
import type { GridEditing } from './useGridEditing';

type Props = { grid: GridEditing; record: CrmRecord; name: string; children: ReactNode };

/** Pop-ups of antd's pickers, drawn outside the cell: choosing in one is not leaving the editor. */
const POPUPS = '.ant-select-dropdown, .ant-picker-dropdown';
/** A picker's pop-up is open: Enter and Escape are its own (choose, close), not the editor's. */
const popupOpen = () => !!document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');

/**
 * A list cell that can be edited in place: double-click it, or press Enter (or F2) when it has the
 * focus; the arrows move the focus between such cells. While edited it holds the field type's own
 * input: Enter or leaving it saves, Tab saves and goes on to the next editable cell, Escape cancels.
 * A refused value shows its message beside the input, which stays open.
 */
export default function GridCell({ grid, record, name, children }: Props) {
  const key = { id: record.id, field: name };
  const editing = grid.editing && sameCell(grid.editing.key, key) ? grid.editing : null;
  const cellRef = useRef<HTMLDivElement>(null);
  const isTabStop = sameCell(grid.tabStop, key);

  useEffect(() => {
    if (grid.focusRequest && isTabStop && !editing) cellRef.current?.focus();
  }, [grid.focusRequest, isTabStop, editing]);

  if (editing) {
    const layoutField = grid.layoutFieldOf(key);
    if (!layoutField) return <>{children}</>;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !popupOpen()) {
        event.stopPropagation();
        grid.cancel();
      } else if (event.key === 'Enter' && !popupOpen()) {
        event.preventDefault();
        void grid.commit(0);
      } else if (event.key === 'Tab') {
        event.preventDefault();
        void grid.commit(event.shiftKey ? -1 : 1);
      }
    };
    const handleBlur = (event: FocusEvent) => {
      const next = event.relatedTarget as HTMLElement | null;
      if (grid.saving || (next && (event.currentTarget.contains(next) || next.closest(POPUPS)))) return;
      void grid.commit(0);
    };
    return (
      <Tooltip open={!!editing.error} title={<span role="alert">{editing.error}</span>} placement="bottomLeft">
        <div className="crm-grid-edit" onKeyDown={handleKey} onBlur={handleBlur} data-testid={`grid-edit-${name}`}>
          <Spin spinning={grid.saving} size="small">
            <FieldInput field={layoutField.field} value={editing.value} onChange={grid.change} lookups={grid.lookups} autoFocus />
          </Spin>
        </div>
      </Tooltip>
    );
  }

  if (!grid.layoutFieldOf(key)) return <>{children}</>;
  const handleKey = (event: KeyboardEvent) => {
    const moves: Record<string, [number, 'order' | 'column']> = { ArrowRight: [1, 'order'], ArrowLeft: [-1, 'order'], ArrowDown: [1, 'column'], ArrowUp: [-1, 'column'] };
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      grid.start(key);
    } else if (moves[event.key]) {
      event.preventDefault();
      grid.move(key, ...moves[event.key]!);
    }
  };
  return (
    <div
      ref={cellRef}
      className="crm-grid-cell"
      tabIndex={isTabStop ? 0 : -1}
      onFocus={() => grid.focused(key)}
      onDoubleClick={() => grid.start(key)}
      onKeyDown={handleKey}
      data-testid={`grid-cell-${name}`}
    >
      {children}
    </div>
  );
}
