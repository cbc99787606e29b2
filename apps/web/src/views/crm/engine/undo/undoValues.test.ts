import { describe, expect, it } from 'vitest';
import { leadFields, leadRecord, leadsMeta } from '../../../../test/crmFixtures';
import { undoValues } from './undoValues';

describe('undoValues', () => {
  it('takes back what the update sent, with the value the record had', () => {
    const before = leadRecord({ company: 'Acme', rating: null });
    const after = leadRecord({ company: 'Acme Group', rating: null, version: 5 });
    expect(undoValues(before, after, { company: 'Acme Group' }, leadsMeta.fields)).toEqual({ company: 'Acme' });
  });

  it('takes back what a module’s rule changed with it, but not what the engine derives or a list row did not read', () => {
    const before = { id: 7, version: 4, status: 'new', rating: 'cold', createTime: '2026-11-20T09:00:00.000Z' } as unknown as ReturnType<typeof leadRecord>;
    // The answer holds every field: a rating the rule set, a read-only conversion time, and an e-mail the row never read.
    const after = leadRecord({ status: 'qualified', rating: 'hot', convertedAt: '2026-11-21T10:00:00.000Z', email: 'x@acme.com', version: 5 });
    expect(undoValues(before, after, { status: 'qualified' }, Object.values(leadFields))).toEqual({ status: 'new', rating: 'cold' });
  });

  it('restores an empty value as null', () => {
    const before = leadRecord({ company: undefined });
    delete (before as Record<string, unknown>).company;
    expect(undoValues(before, leadRecord({ company: 'New Co' }), { company: 'New Co' }, leadsMeta.fields)).toEqual({ company: null });
  });
});
