import { describe, expect, it } from 'vitest';
import { listAddressQuery, type ListSettings } from './listAddress';
import { listSettingsOf } from './listSettingsOf';

const settings: ListSettings = {
  q: 'acme',
  owner: 'mine',
  filter: { and: [{ field: 'status', op: 'in', value: ['new', 'contacted'] }, { field: 'company', op: 'contains', value: 'A&B = C?' }] },
  columns: ['lastName', 'company', 'status'],
  orderByColumn: 'company',
  isAsc: 'asc',
  viewId: 102,
};

describe('a list in an address (the print view\'s)', () => {
  it('carries the view, filter, columns, sort, owner scope and search there and back', () => {
    const query = listAddressQuery(settings);
    expect(new URLSearchParams(query).get('view')).toBe('102');
    expect(listSettingsOf(new URLSearchParams(query))).toEqual(settings);
  });

  it('leaves out what is not set, and reads an address without settings as the whole list', () => {
    const bare: ListSettings = { owner: 'all', filter: null, columns: ['lastName'] };
    expect(listAddressQuery(bare)).toBe('owner=all&fields=lastName');
    expect(listSettingsOf(new URLSearchParams(''))).toEqual({ owner: 'all', filter: null, columns: [], q: undefined, orderByColumn: undefined, isAsc: undefined, viewId: undefined });
  });

  it('reads a tampered address as nothing rather than guessing (the list endpoint\'s own rules)', () => {
    expect(listSettingsOf(new URLSearchParams('filter={"field":"status"'))).toBeNull();
    expect(listSettingsOf(new URLSearchParams('owner=everyone'))).toBeNull();
    expect(listSettingsOf(new URLSearchParams('fields=last name'))).toBeNull();
  });
});
