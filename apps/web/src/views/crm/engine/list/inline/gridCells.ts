import type { CrmRecord, ModuleMeta } from '@orbit/shared/contract/crm';
import { fieldTypeView } from '../../fieldTypes/registry';
import type { LayoutField } from '../../form/recordFormValues';
import { fieldByName, isEditable, isRequired, layoutOf } from '../../moduleMeta';

/** A cell of a list: the row's record and the column's field. */
export type CellKey = { id: number; field: string };

export const sameCell = (a: CellKey | null | undefined, b: CellKey | null | undefined) => !!a && !!b && a.id === b.id && a.field === b.field;

/**
 * The field of a list's cell as the record's layout has it, when the cell may be edited in place:
 * not a name (it links to the record), not read-only by its definition or in the layout of the
 * record's type, not a system field but the owner, and of a type a row can hold (fieldTypeView's
 * `gridEditable`). Otherwise null: the cell only shows its value.
 */
export function gridLayoutField(meta: ModuleMeta, record: CrmRecord, name: string): LayoutField | null {
  const field = fieldByName(meta, name);
  if (!field || meta.nameFields.includes(name) || fieldTypeView(field.type).gridEditable === false) return null;
  const item = layoutOf(meta, record.recordTypeId)
    ?.sections.flatMap((s) => s.fields)
    .find((i) => i.field === name) ?? { field: name };
  if (!isEditable(field, item)) return null;
  return { field, item, editable: true, required: isRequired(field, item) };
}

/** The editable cells of a page in reading order: row by row, each row's columns left to right. */
export function editableCells(meta: ModuleMeta, rows: CrmRecord[], columns: string[]): CellKey[] {
  return rows.flatMap((record) => columns.filter((name) => gridLayoutField(meta, record, name)).map((field) => ({ id: record.id, field })));
}

/**
 * The editable cell `step` places after `from` in reading order (Tab: 1, Shift+Tab: -1), or, by
 * `column`, the nearest one of the same field in the rows below (1) or above (-1) — the arrows;
 * null at either end.
 */
export function neighbourCell(cells: CellKey[], from: CellKey, step: number, by: 'order' | 'column' = 'order'): CellKey | null {
  const at = cells.findIndex((c) => sameCell(c, from));
  if (at < 0) return null;
  if (by === 'order') return cells[at + step] ?? null;
  const rowIds = [...new Set(cells.map((c) => c.id))];
  for (let row = rowIds.indexOf(from.id) + step; row >= 0 && row < rowIds.length; row += step) {
    const found = cells.find((c) => c.id === rowIds[row] && c.field === from.field);
    if (found) return found;
  }
  return null;
}
