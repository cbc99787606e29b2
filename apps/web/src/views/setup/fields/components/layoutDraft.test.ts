import { describe, expect, it } from 'vitest';
import type { FieldMeta } from '@orbit/shared/contract/crm';
import { CURRENCY_DICT } from '@orbit/shared/crm/money';
import { addSection, missingLocked, moveBy, placeField, removeField, removeSection, setFlag, type LayoutDraft } from './layoutDraft';

const draft: LayoutDraft = {
  name: 'L',
  sections: [
    { key: 'a', titleEn: 'A', titleZh: '甲', columns: 2, fields: [{ field: 'x' }, { field: 'y', required: true }, { field: 'z' }] },
    { key: 'b', titleEn: 'B', titleZh: '乙', columns: 1, fields: [{ field: 'w' }] },
  ],
};
const names = (d: LayoutDraft) => d.sections.map((s) => s.fields.map((f) => f.field));

describe('layout draft moves', () => {
  it('places a field at an index of its own or another section, keeping its flags', () => {
    expect(names(placeField(draft, 'x', 'a', 3))).toEqual([['y', 'z', 'x'], ['w']]);
    expect(names(placeField(draft, 'z', 'a', 0))).toEqual([['z', 'x', 'y'], ['w']]);
    const moved = placeField(draft, 'y', 'b', 0);
    expect(names(moved)).toEqual([['x', 'z'], ['y', 'w']]);
    expect(moved.sections[1]!.fields[0]).toEqual({ field: 'y', required: true });
    expect(names(placeField(draft, 'new', 'b'))).toEqual([['x', 'y', 'z'], ['w', 'new']]);
  });

  it('moves up and down, crossing into the neighbouring section at the ends', () => {
    expect(names(moveBy(draft, 'y', -1))).toEqual([['y', 'x', 'z'], ['w']]);
    expect(names(moveBy(draft, 'y', 1))).toEqual([['x', 'z', 'y'], ['w']]);
    expect(names(moveBy(draft, 'z', 1))).toEqual([['x', 'y'], ['z', 'w']]);
    expect(names(moveBy(draft, 'w', -1))).toEqual([['x', 'y', 'z', 'w'], []]);
    expect(moveBy(draft, 'x', -1)).toEqual(draft);
  });

  it('sets exclusive per-layout flags, removes fields and sections, adds sections with fresh keys', () => {
    const ro = setFlag(draft, 'y', 'readOnly', true);
    expect(ro.sections[0]!.fields[1]).toEqual({ field: 'y', readOnly: true });
    expect(setFlag(ro, 'y', 'readOnly', false).sections[0]!.fields[1]).toEqual({ field: 'y' });
    expect(names(removeField(draft, 'x'))).toEqual([['y', 'z'], ['w']]);
    expect(names(removeSection(draft, 'a'))).toEqual([['w']]);
    const added = addSection(draft, 'New', '新');
    expect(added.sections[2]).toMatchObject({ key: 'section3', titleEn: 'New', titleZh: '新', fields: [] });
  });

  it('names the required-by-definition fields a draft leaves out', () => {
    const field = (name: string, required: boolean, system = false) => ({ name, required, system, readOnly: false }) as FieldMeta;
    expect(missingLocked(removeField(draft, 'x'), [field('x', true), field('y', false), field('ownerId', true, true)]).map((f) => f.name)).toEqual(['x']);
    // The record's currency is required but filled by the server: a layout without amounts may leave it out.
    const currency = { ...field('currency', true), dictType: CURRENCY_DICT } as FieldMeta;
    expect(missingLocked(draft, [currency, { ...field('currency2', true), dictType: 'other' } as FieldMeta]).map((f) => f.name)).toEqual(['currency2']);
  });
});
