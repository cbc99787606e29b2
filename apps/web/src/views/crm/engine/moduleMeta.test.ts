import { describe, expect, it } from 'vitest';
import { leadFields, leadsMeta } from '../../../test/crmFixtures';
import { isEditable, layoutOf, recordName } from './moduleMeta';

describe('module metadata helpers', () => {
  it('name a lead "First Last", and family name first without a space when a part is in Chinese characters, as the server does', () => {
    expect(recordName(leadsMeta, { firstName: 'Olivia', lastName: 'Park' })).toBe('Olivia Park');
    expect(recordName(leadsMeta, { firstName: '伟', lastName: '王' })).toBe('王伟');
    expect(recordName(leadsMeta, { firstName: 'Wei', lastName: '王' })).toBe('王Wei');
    expect(recordName(leadsMeta, { firstName: '伟', lastName: 'Wang' })).toBe('Wang伟');
    // Japanese kana alone are not Chinese characters: the name stays as written.
    expect(recordName(leadsMeta, { firstName: 'ゆき', lastName: 'Sato' })).toBe('ゆき Sato');
    expect(recordName(leadsMeta, { firstName: null, lastName: '王' })).toBe('王');
    expect(recordName(leadsMeta, { firstName: null, lastName: 'Park' })).toBe('Park');
    expect(recordName(leadsMeta, { id: 9, firstName: null, lastName: ' ' })).toBe('#9');
  });

  it('find the layout of a record type, and the module\'s for a record without one', () => {
    expect(layoutOf(leadsMeta, 2)?.id).toBe(12);
    expect(layoutOf(leadsMeta, 1)?.id).toBe(11);
    expect(layoutOf({ ...leadsMeta, recordTypes: [], layouts: [{ ...leadsMeta.layouts[0]!, id: 5, recordTypeId: null }] }, null)?.id).toBe(5);
  });

  it('let forms write the owner but no other system field, and no read-only field', () => {
    expect(isEditable(leadFields.ownerId)).toBe(true);
    expect(isEditable(leadFields.recordTypeId)).toBe(false);
    expect(isEditable(leadFields.createTime)).toBe(false);
    expect(isEditable(leadFields.convertedAt)).toBe(false);
    expect(isEditable(leadFields.company, { field: 'company', readOnly: true })).toBe(false);
    expect(isEditable(leadFields.company)).toBe(true);
  });
});
