import { useRef, useState } from 'react';
import type { CrmRecord, LookupLabels, ModuleMeta, RecordAnswer } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { useSaveField } from '../../form/useSaveField';
import { editableCells, gridLayoutField, neighbourCell, sameCell, type CellKey } from './gridCells';

type Options = {
  module: CrmModule;
  meta: ModuleMeta;
  /** The page's rows and columns, as the table shows them. */
  rows: CrmRecord[];
  columns: string[];
  lookups: LookupLabels | undefined;
  canEdit: boolean;
  /** Rows the user may only read (the page's `readOnly`: a read-only share): none of their cells is edited. */
  readOnly?: readonly number[];
  /** A record as a save (or its undo) left it: the list shows it at once. */
  onSaved: (answer: RecordAnswer) => void;
  onReload: () => void;
};

export type GridEdit = { key: CellKey; value: FieldValue; error?: string };

/**
 * Editing a list's cells in place (issue 36): which cell holds the keyboard focus (one at a time,
 * the arrows move it), which one is being edited and its draft, and the save — the same as the
 * detail page's inline edit (useSaveField: the layout's checks, the module's rule, the version,
 * the undo). Tab saves and opens the next editable cell, Shift+Tab the one before; Escape cancels.
 */
export function useGridEditing({ module, meta, rows, columns, lookups, canEdit, readOnly = [], onSaved, onReload }: Options) {
  const [active, setActive] = useState<CellKey | null>(null);
  const [editing, setEditing] = useState<GridEdit | null>(null);
  const [saving, setSaving] = useState(false);
  // Asks the active cell to take the keyboard focus (after an edit, an arrow); 0: never asked yet.
  const [focusRequest, setFocusRequest] = useState(0);
  const busy = useRef(false);
  // The newest version of each record this grid saved, for the edits that follow a save (Tab to
  // the row's next cell) before the page shows it: they must not be refused as stale.
  const saved = useRef(new Map<number, CrmRecord>());

  const saveField = useSaveField(module, {
    onSaved: (answer) => {
      saved.current.set(answer.data.id, answer.data);
      onSaved(answer);
    },
    onReload,
  });

  /** A row's record as it is now (outside rendering: in the handlers). */
  const recordNow = (id: number): CrmRecord | undefined => {
    const row = rows.find((r) => r.id === id);
    const newer = saved.current.get(id);
    return row && newer && newer.version > row.version ? { ...row, ...newer } : row;
  };
  const writable = (record: CrmRecord) => canEdit && !readOnly.includes(record.id);
  const cells = editableCells(meta, rows.filter(writable), columns);
  const fieldOf = (record: CrmRecord | undefined, name: string) => (record && writable(record) ? gridLayoutField(meta, record, name) : null);

  const focusCell = (key: CellKey | null) => {
    setActive(key);
    setFocusRequest((n) => n + 1);
  };
  const start = (key: CellKey) => {
    const record = recordNow(key.id);
    if (!record || !fieldOf(record, key.field)) return;
    setActive(key);
    setEditing({ key, value: record[key.field] ?? null });
  };
  const cancel = () => {
    setEditing(null);
    focusCell(editing?.key ?? active);
  };

  /** Saves the draft; then `step` 0 leaves the editor (the focus back on the cell), 1 / -1 opens the next / previous editable cell. */
  const commit = async (step: number) => {
    if (!editing || busy.current) return;
    const { key, value } = editing;
    const record = recordNow(key.id);
    const layoutField = fieldOf(record, key.field);
    if (!record || !layoutField) return setEditing(null);
    busy.current = true;
    setSaving(true);
    try {
      const outcome = await saveField(record, layoutField, value);
      // Another cell may have been opened meanwhile (a click elsewhere saved this one): leave it be.
      const stillHere = (current: GridEdit | null) => sameCell(current?.key, key);
      if (outcome === 'open') return;
      if (outcome !== 'done') return setEditing((current) => (stillHere(current) ? { ...current!, error: outcome.error } : current));
      const next = step ? neighbourCell(cells, key, step) : null;
      setEditing((current) => (stillHere(current) ? null : current));
      if (next) start(next);
      else focusCell(key);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  return {
    /** The cell the Tab key reaches in the table (the first editable one until the user chose another). */
    tabStop: active && cells.some((c) => sameCell(c, active)) ? active : (cells[0] ?? null),
    focusRequest,
    editing,
    saving,
    lookups,
    /** The cell's field when it may be edited in place, else null. */
    layoutFieldOf: (key: CellKey) => fieldOf(rows.find((r) => r.id === key.id), key.field),
    start,
    cancel,
    commit,
    change: (value: FieldValue) => setEditing((current) => current && { ...current, value, error: undefined }),
    /** The user put the focus on a cell (a click, Tab into the table). */
    focused: (key: CellKey) => !sameCell(key, active) && setActive(key),
    /** An arrow key: the next editable cell that way, if any, takes the focus. */
    move: (from: CellKey, step: number, by: 'order' | 'column') => {
      const next = neighbourCell(cells, from, step, by);
      if (next) focusCell(next);
    },
  };
}

export type GridEditing = ReturnType<typeof useGridEditing>;
