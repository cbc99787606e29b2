import { describe, expect, it } from 'vitest';
import type { FieldMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import { actionValue, toBody } from './ApprovalProcessEditor';

const field = (name: string, type: FieldMeta['type']) => ({ name, type }) as FieldMeta;
const meta = { fields: [field('amount', 'currency'), field('stage', 'picklist'), field('won', 'checkbox')] } as ModuleMeta;

describe('the approval process editor', () => {
  it('types final actions as their fields take them', () => {
    expect(actionValue(meta.fields[0], ' 1200.5 ')).toBe(1200.5);
    expect(actionValue(meta.fields[1], 'closed_won')).toBe('closed_won');
    expect(actionValue(meta.fields[2], 'true')).toBe(true);
    expect(actionValue(meta.fields[1], '  ')).toBeNull();
  });

  it('sends the body the API takes: the applied entry conditions, "when" only with its field, a manager step without an id', () => {
    const body = toBody(
      {
        name: 'Large deals',
        active: true,
        notify: false,
        whenField: null,
        whenValue: 'closed_won',
        steps: [{ kind: 'manager', id: 9 }, { kind: 'role', id: 2 }],
        onApprove: [{ field: 'stage', value: 'closed_won' }, {}],
        onReject: [{ field: 'amount', value: '0' }],
      },
      { field: 'amount', op: 'gt', value: 100000 },
      meta,
    );
    expect(body).toEqual({
      name: 'Large deals',
      active: true,
      notify: false,
      entryFilter: { field: 'amount', op: 'gt', value: 100000 },
      whenField: null,
      whenValue: null,
      steps: [{ kind: 'manager' }, { kind: 'role', id: 2 }],
      onApprove: [{ field: 'stage', value: 'closed_won' }],
      onReject: [{ field: 'amount', value: 0 }],
    });
  });
});
