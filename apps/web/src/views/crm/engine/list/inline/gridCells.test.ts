import { describe, expect, it } from 'vitest';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { leadRecord, leadsMeta } from '../../../../../test/crmFixtures';
import { editableCells, gridLayoutField, neighbourCell } from './gridCells';

/** Partner leads (record type 2): their rating is read-only in their layout. */
const meta: ModuleMeta = {
  ...leadsMeta,
  layouts: leadsMeta.layouts.map((l) => (l.recordTypeId === 2 ? { ...l, sections: l.sections.map((s) => ({ ...s, fields: s.fields.map((f) => (f.field === 'rating' ? { ...f, readOnly: true } : f)) })) } : l)),
};
const standard = leadRecord({ id: 1, recordTypeId: 1 });
const partner = leadRecord({ id: 2, recordTypeId: 2 });

describe('gridCells', () => {
  it('offers an editor where the form would, by the layout of each row’s record type', () => {
    expect(gridLayoutField(meta, standard, 'rating')).toMatchObject({ field: { name: 'rating' }, required: false });
    expect(gridLayoutField(meta, partner, 'rating')).toBeNull();
    // The partner layout makes the e-mail required: the cell's check says so too.
    expect(gridLayoutField(meta, partner, 'email')).toMatchObject({ required: true });
    expect(gridLayoutField(meta, standard, 'email')).toMatchObject({ required: false });
  });

  it('offers none on names, read-only and system fields (but the owner), or a text area and a related record', () => {
    for (const name of ['lastName', 'firstName', 'convertedAt', 'createTime', 'deptId', 'recordTypeId', 'description', 'noSuchField']) expect(gridLayoutField(meta, standard, name), name).toBeNull();
    expect(gridLayoutField(meta, standard, 'ownerId')).not.toBeNull();
  });

  it('orders the editable cells row by row; Tab steps through them, the arrows go along a column, both stop at the ends', () => {
    const cells = editableCells(meta, [standard, partner], ['lastName', 'company', 'rating', 'status']);
    expect(cells).toEqual([
      { id: 1, field: 'company' },
      { id: 1, field: 'rating' },
      { id: 1, field: 'status' },
      { id: 2, field: 'company' },
      { id: 2, field: 'status' },
    ]);
    expect(neighbourCell(cells, { id: 1, field: 'status' }, 1)).toEqual({ id: 2, field: 'company' });
    expect(neighbourCell(cells, { id: 2, field: 'company' }, -1)).toEqual({ id: 1, field: 'status' });
    expect(neighbourCell(cells, { id: 2, field: 'status' }, 1)).toBeNull();
    expect(neighbourCell(cells, { id: 1, field: 'status' }, 1, 'column')).toEqual({ id: 2, field: 'status' });
    // No rating below: the partner's is read-only.
    expect(neighbourCell(cells, { id: 1, field: 'rating' }, 1, 'column')).toBeNull();
    expect(neighbourCell(cells, { id: 1, field: 'company' }, -1, 'column')).toBeNull();
  });
});
