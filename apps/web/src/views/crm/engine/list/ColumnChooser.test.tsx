import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { field, leadsMeta, prepareCrmTests, renderCrm } from '../../../../test/crmFixtures';
import ColumnChooser from './ColumnChooser';

prepareCrmTests();

/** The leads' fields with a custom field last, where the metadata puts a new one. */
const meta = { ...leadsMeta, fields: [...leadsMeta.fields, field('loyaltyTier__c', 'text', 'Loyalty Tier')] };

async function open(columns: string[], onChange = vi.fn()) {
  renderCrm(<ColumnChooser meta={meta} columns={columns} onChange={onChange} />);
  fireEvent.click(screen.getByTestId('column-chooser-button'));
  return { chooser: await screen.findByTestId('column-chooser'), onChange };
}

const labels = (chooser: HTMLElement) => within(chooser).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent);

describe('ColumnChooser', () => {
  it('lists every field once, in the module\'s order, the new custom field last', async () => {
    const { chooser } = await open(['lastName', 'company']);
    expect(labels(chooser)).toEqual(meta.fields.map((f) => f.label));
    expect(labels(chooser).at(-1)).toBe('Loyalty Tier');
  });

  it('narrows the list to the fields whose label holds what is typed, and adds a ticked one at the end of the columns', async () => {
    const { chooser, onChange } = await open(['lastName', 'company']);
    fireEvent.change(within(chooser).getByRole('searchbox'), { target: { value: 'loyal' } });
    expect(labels(chooser)).toEqual(['Loyalty Tier']);
    fireEvent.click(within(chooser).getByRole('checkbox'));
    expect(onChange).toHaveBeenCalledWith(['lastName', 'company', 'loyaltyTier__c']);

    fireEvent.change(within(chooser).getByRole('searchbox'), { target: { value: 'nothing like it' } });
    expect(within(chooser).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(chooser).getByText('No field matches')).toBeTruthy();
  });

  it('keeps at least one column', async () => {
    const { chooser, onChange } = await open(['lastName']);
    const last = within(chooser).getAllByRole('checkbox').find((box) => box.closest('label')!.textContent === 'Last Name')!;
    expect((last as HTMLInputElement).disabled).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });
});
