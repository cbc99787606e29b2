import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption, openSelect, optionTexts } from '../../../../test/antdSelect';
import { dictApi, leadsMeta, prepareCrmTests, renderCrm, signInOlivia } from '../../../../test/crmFixtures';
import FilterBuilder from './FilterBuilder';

vi.mock('../../../../api/crm', () => ({ lookupRecords: vi.fn(), lookupUsers: vi.fn() }));
vi.mock('../../../../api/system/dict', () => dictApi);

prepareCrmTests();
beforeEach(() => signInOlivia());

const lastCondition = () => screen.getAllByTestId('filter-condition').at(-1)!;
const combo = (row: HTMLElement, label: string) => within(row).getByRole('combobox', { name: label });

describe('FilterBuilder', () => {
  it('offers the operators of the chosen field\'s type', async () => {
    renderCrm(<FilterBuilder meta={leadsMeta} value={null} onApply={vi.fn()} />);
    await chooseOption(combo(lastCondition(), 'Field'), 'Created');
    expect(await openSelect(combo(lastCondition(), 'Operator'))).toEqual(['equals', 'before', 'after', 'between', 'in the period', 'is empty', 'is not empty']);
    fireEvent.keyDown(combo(lastCondition(), 'Operator'), { key: 'Escape' });

    await chooseOption(combo(lastCondition(), 'Field'), 'Company');
    expect(await openSelect(combo(lastCondition(), 'Operator'))).toEqual([
      'equals',
      'does not equal',
      'contains',
      'does not contain',
      'starts with',
      'is one of',
      'is empty',
      'is not empty',
    ]);
  });

  it('lists only the filterable fields that can be picked', async () => {
    renderCrm(<FilterBuilder meta={leadsMeta} value={null} onApply={vi.fn()} />);
    const field = combo(lastCondition(), 'Field');
    const search = async (text: string) => {
      fireEvent.change(field, { target: { value: text } });
      // The search filters the options the dropdown shows; let it settle.
      await new Promise((r) => setTimeout(r, 300));
      return optionTexts();
    };
    await openSelect(field);
    expect(await search('Own')).toEqual(['Owner']);
    expect(await search('Comp')).toEqual(['Company']);
    expect(await search('Website')).toEqual([]);
    expect(await search('Description')).toEqual([]);
    // Departments have no picker for business users.
    expect(await search('Depart')).toEqual([]);
  });

  it('builds the tree of its groups and conditions, with each type\'s value widget', async () => {
    const onApply = vi.fn();
    renderCrm(<FilterBuilder meta={leadsMeta} value={null} onApply={onApply} />);
    await chooseOption(combo(lastCondition(), 'Field'), 'Company');
    await chooseOption(combo(lastCondition(), 'Operator'), 'contains');
    fireEvent.change(within(lastCondition()).getByRole('textbox', { name: 'Value' }), { target: { value: 'acme' } });

    // A nested "any of" group: rating is Hot, or created in the period "this week".
    fireEvent.click(screen.getAllByRole('button', { name: /Group/ })[0]!);
    await chooseOption(combo(lastCondition(), 'Field'), 'Rating');
    await chooseOption(within(lastCondition()).getAllByRole('combobox').at(-1)!, 'Hot');
    const nested = screen.getAllByTestId('filter-group')[1]!;
    fireEvent.click(within(nested).getByRole('button', { name: /Condition/ }));
    await chooseOption(combo(lastCondition(), 'Field'), 'Created');
    await chooseOption(combo(lastCondition(), 'Operator'), 'in the period');
    await chooseOption(combo(lastCondition(), 'Value'), 'This week');

    fireEvent.click(screen.getByTestId('filter-apply'));
    expect(onApply).toHaveBeenLastCalledWith({
      and: [
        { field: 'company', op: 'contains', value: 'acme' },
        { or: [{ field: 'rating', op: 'eq', value: 'hot' }, { field: 'createTime', op: 'relative', value: 'thisWeek' }] },
      ],
    });
  });

  it('starts from the filter in force and clears to none', async () => {
    const onApply = vi.fn();
    renderCrm(<FilterBuilder meta={leadsMeta} value={{ field: 'rating', op: 'eq', value: 'hot' }} onApply={onApply} />);
    expect(within(lastCondition()).getByText('Rating')).toBeTruthy();
    expect(await within(lastCondition()).findByText('Hot')).toBeTruthy();
    fireEvent.click(screen.getByText('Clear').closest('button')!);
    expect(onApply).toHaveBeenLastCalledWith(null);
  });
});
