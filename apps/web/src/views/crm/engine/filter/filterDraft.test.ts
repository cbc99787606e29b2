import { describe, expect, it } from 'vitest';
import type { FilterNode } from '@orbit/shared/crm/filter';
import { leadFields } from '../../../../test/crmFixtures';
import { emptyCondition, isComplete, toDraft, toFilter, withField, withOperator, type GroupDraft } from './filterDraft';

const condition = (field: string, op: string, value?: unknown) => ({ ...emptyCondition(), field, op, value }) as ReturnType<typeof emptyCondition>;

describe('filter drafts', () => {
  it('give back the tree they were made from (AND, OR, NOT of OR, nested)', () => {
    const trees: FilterNode[] = [
      { field: 'rating', op: 'eq', value: 'hot' },
      { and: [{ field: 'rating', op: 'eq', value: 'hot' }, { field: 'status', op: 'ne', value: 'converted' }] },
      { or: [{ field: 'company', op: 'contains', value: 'acme' }, { and: [{ field: 'email', op: 'empty' }, { field: 'employees', op: 'between', value: [10, null] }] }] },
      { not: { or: [{ field: 'status', op: 'in', value: ['new'] }, { field: 'createTime', op: 'relative', value: 'thisWeek' }] } },
      { not: { field: 'status', op: 'eq', value: 'new' } },
    ];
    for (const tree of trees) expect(toFilter(toDraft(tree))).toEqual(tree);
  });

  it('send only complete conditions and drop groups left empty', () => {
    const draft: GroupDraft = {
      ...toDraft(null),
      items: [
        condition('company', 'contains', 'acme'),
        condition('company', 'contains', ''),
        { ...emptyCondition() },
        { ...toDraft(null), match: 'any', items: [condition('status', 'in', [])] },
      ],
    };
    expect(toFilter(draft)).toEqual({ field: 'company', op: 'contains', value: 'acme' });
    expect(toFilter(toDraft(null))).toBeNull();
  });

  it('need the value of the operator\'s shape: none for "is empty", one end at least for "between"', () => {
    expect(isComplete(condition('email', 'empty'))).toBe(true);
    expect(isComplete(condition('employees', 'between', [null, 5]))).toBe(true);
    expect(isComplete(condition('employees', 'between', [null, null]))).toBe(false);
    expect(isComplete(condition('status', 'in', ['new']))).toBe(true);
    expect(isComplete(condition('status', 'eq'))).toBe(false);
  });

  it('start a new field with the first operator of its type, and keep a value only while its shape fits', () => {
    const onDate = withField(condition('company', 'contains', 'acme'), leadFields.createTime);
    expect(onDate).toMatchObject({ field: 'createTime', op: 'eq', value: undefined });
    const relative = withOperator({ ...onDate, value: '2026-11-23' }, 'relative');
    expect(relative.value).toBeUndefined();
    expect(withOperator({ ...onDate, value: '2026-11-23' }, 'before').value).toBe('2026-11-23');
  });
});
