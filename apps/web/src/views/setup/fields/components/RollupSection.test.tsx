import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SetupModule } from '@orbit/shared/contract/setup';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { chooseOption, openSelect } from '../../../../test/antdSelect';
import { accountMeta, field, opportunityMeta, prepareCrmTests, renderCrm, signInOlivia, simpleMeta } from '../../../../test/crmFixtures';
import FieldDialog from './FieldDialog';
import { summableFields } from './RollupSection';

const setupApi = vi.hoisted(() => ({ createField: vi.fn(), updateField: vi.fn(), listDictionaries: vi.fn() }));
const crmApi = vi.hoisted(() => ({ getModuleMeta: vi.fn(), lookupRecords: vi.fn(), lookupUsers: vi.fn(), metaVersionSeen: { use: () => null } }));
vi.mock('../../../../api/setup', () => setupApi);
vi.mock('../../../../api/crm', () => crmApi);

// Opportunities and contacts look up accounts: an account has two related lists to summarise.
const opportunity = { ...opportunityMeta, fields: [...opportunityMeta.fields, field('accountId', 'lookup', 'Account Name', { lookupModule: 'account', filterable: true })] };
const contact = simpleMeta('contact', 'lastName', [field('lastName', 'text', 'Last Name'), field('accountId', 'lookup', 'Account Name', { lookupModule: 'account' }), field('reportsTo', 'lookup', 'Reports To', { lookupModule: 'contact' })]);
const metas: Record<string, unknown> = { account: accountMeta, opportunity, contact };
const data = { module: 'account', version: 1, fields: [], recordTypes: [], layouts: [{ id: 3, name: 'Account Layout', label: 'Account Layout', isTemplate: false, recordTypes: [], sections: [] }], defaultView: null, customFieldLimit: 200 } as unknown as SetupModule;

const openDialog = async () => {
  renderCrm(<FieldDialog module="account" data={data} target={{ field: null }} onClose={() => undefined} onSaved={async () => undefined} />);
  fireEvent.click(await screen.findByLabelText(/Roll-up summary|汇总（相关列表/));
  return screen.findByTestId('rollup-section');
};

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
  crmApi.getModuleMeta.mockImplementation(async (module: string) => ({ code: 200, data: metas[module] ?? simpleMeta(module as 'leads', 'name', []) }));
  setupApi.createField.mockResolvedValue({ code: 200, data: 41 });
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

describe('a new roll-up summary field', () => {
  it('offers the related lists of the module, sums only numbers, and saves the definition with its filter', async () => {
    const section = await openDialog();
    const child = within(section).getByTestId('rollup-child');
    expect(await openSelect(child.querySelector('input') ?? child)).toEqual(['Opportunities', 'Contacts']);
    await chooseOption(child.querySelector('input') ?? child, 'Opportunities');
    fireEvent.click(screen.getByLabelText('Sum'));
    const summed = await screen.findByTestId('rollup-field');
    expect(await openSelect(summed.querySelector('input') ?? summed)).toEqual(['Amount']);
    await chooseOption(summed.querySelector('input') ?? summed, 'Amount');
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'openPipeline' } });
    fireEvent.change(screen.getByTestId('field-label-en'), { target: { value: 'Open pipeline' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(setupApi.createField).toHaveBeenCalled());
    expect(setupApi.createField.mock.calls[0]).toEqual([
      'account',
      expect.objectContaining({ name: 'openPipeline', labelEn: 'Open pipeline', rollup: { child: 'opportunity', via: 'accountId', fn: 'sum', field: 'amount', filter: null } }),
    ]);
  });

  it('a count needs no field; nothing is saved until the related list is chosen', async () => {
    await openDialog();
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'contactCount' } });
    fireEvent.change(screen.getByTestId('field-label-en'), { target: { value: 'Contacts' } });
    fireEvent.click(screen.getByLabelText('Count'));
    expect(screen.queryByTestId('rollup-field')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0));
    expect(setupApi.createField).not.toHaveBeenCalled();
  });

  it('the summable fields follow the summary: dates for minimum and maximum only', () => {
    expect(summableFields(opportunity, 'sum').map((f) => f.name)).toEqual(['amount']);
    expect(summableFields(opportunity, 'max').map((f) => f.name)).toEqual(['closeDate', 'amount']);
    expect(summableFields(opportunity, 'count')).toEqual([]);
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh');
    const section = await openDialog();
    expect(section.textContent).toContain('相关列表');
    expect(section.textContent).toContain('求和');
  });
});
