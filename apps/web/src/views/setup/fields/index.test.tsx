import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadAllTexts } from '../../../i18n/i18n';
import type { SetupModule } from '@orbit/shared/contract/setup';
import { field, leadFields, prepareCrmTests, signInOlivia } from '../../../test/crmFixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import SetupFieldsPage, { setupModuleOf } from './index';

const api = vi.hoisted(() => ({
  getSetupModule: vi.fn(),
  listDictionaries: vi.fn(),
  fieldUsage: vi.fn(),
  deleteField: vi.fn(),
  createField: vi.fn(),
  updateField: vi.fn(),
  createRecordType: vi.fn(),
  updateRecordType: vi.fn(),
  copyLayout: vi.fn(),
  updateLayout: vi.fn(),
  deleteLayout: vi.fn(),
  setListColumns: vi.fn(),
}));
vi.mock('../../../api/setup', () => api);

const setupField = (f: ReturnType<typeof field>, extra: Partial<SetupModule['fields'][number]> = {}) => ({ ...f, helpEn: '', helpZh: '', layouts: ['Lead Layout'], views: 0, ...extra });
const data: SetupModule = {
  module: 'leads',
  version: 3,
  fields: [setupField(leadFields.lastName), setupField(leadFields.annualRevenue), setupField(leadFields.employees), setupField(field('partnerTier', 'picklist', 'Partner Tier', { standard: false, dictType: 'crm_partner_tier' }), { views: 2 })],
  recordTypes: [{ id: 1, name: 'standard', label: 'Standard', labelEn: 'Standard', labelZh: '标准', description: '', active: true, isDefault: true, layoutId: 11 }],
  layouts: [
    { id: 10, name: 'Lead Layout (Template)', label: 'Lead Layout (Template)', isTemplate: true, recordTypes: [], sections: [] },
    { id: 11, name: 'Lead Layout', label: 'Lead Layout', isTemplate: false, recordTypes: [1], sections: [{ key: 'main', title: 'Main', titleEn: 'Main', titleZh: '主要', columns: 2, fields: [{ field: 'lastName' }] }] },
  ],
  defaultView: { id: 5, name: 'All Leads', columns: ['lastName'] },
  customFieldLimit: 200,
};

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/setup/index-leads/leads-fields']}>
      <SetupFieldsPage />
    </MemoryRouter>,
  );

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

describe('the set-up page of a module', () => {
  it('reads its module from the route', () => {
    expect(setupModuleOf('/setup/index-leads/leads-fields')).toBe('leads');
    expect(setupModuleOf('/setup/index-opportunity/opportunity-fields')).toBe('opportunity');
    expect(setupModuleOf('/setup/index-report/report-fields')).toBeUndefined();
  });

  it('shows a loading state, then every field with its kind and usage', async () => {
    api.getSetupModule.mockResolvedValue({ code: 200, data });
    renderPage();
    expect(screen.getByTestId('setup-loading')).toBeTruthy();
    await screen.findByTestId('field-row-partnerTier');
    expect(screen.getByText('Custom')).toBeTruthy();
    expect(screen.getByText('1 of 200 custom fields')).toBeTruthy();
    expect(screen.getByText(/Lead Layout · 2 list view\(s\)/)).toBeTruthy();
    // A custom field can be deleted, a standard one cannot.
    expect(screen.queryByTestId('delete-field-lastName')).toBeNull();
    expect(screen.getByTestId('delete-field-partnerTier')).toBeTruthy();
  });

  it('an error state offers a retry', async () => {
    api.getSetupModule.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ code: 200, data });
    renderPage();
    fireEvent.click(await screen.findByTestId('retry'));
    await screen.findByTestId('field-row-partnerTier');
  });

  it('asks before deleting a field, naming how many records hold a value, then deletes it', async () => {
    api.getSetupModule.mockResolvedValue({ code: 200, data });
    api.fieldUsage.mockResolvedValue({ code: 200, data: { records: 7, views: 2, layouts: ['Lead Layout'] } });
    api.deleteField.mockResolvedValue({ code: 200 });
    renderPage();
    fireEvent.click(await screen.findByTestId('delete-field-partnerTier'));
    const confirm = await screen.findByTestId('delete-field-confirm');
    expect(confirm.textContent).toContain('7 record(s) hold a value of this field');
    expect(confirm.textContent).toContain('It leaves 2 list view(s)');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteField).toHaveBeenCalledWith('leads', 'partnerTier'));
  });

  it('a user who may only look sees no buttons that change anything', async () => {
    signInOlivia(['setup:fields:list']);
    api.getSetupModule.mockResolvedValue({ code: 200, data });
    renderPage();
    await screen.findByTestId('field-row-partnerTier');
    expect(screen.getByText('You can look at the set-up; changing it needs the set-up permissions.')).toBeTruthy();
    expect(screen.queryByTestId('new-field')).toBeNull();
    expect(screen.queryByTestId('delete-field-partnerTier')).toBeNull();
    expect(screen.queryByTestId('edit-field-lastName')).toBeNull();
  });

  describe('a formula field', () => {
    const type = (text: string) => fireEvent.change(screen.getByTestId('field-formula'), { target: { value: text } });
    const openFormula = async () => {
      api.getSetupModule.mockResolvedValue({ code: 200, data });
      renderPage();
      fireEvent.click(await screen.findByTestId('new-field'));
      fireEvent.click(await screen.findByLabelText(/Formula \(computed|公式（自动计算/));
      await screen.findByTestId('field-formula');
    };

    it('is checked as it is typed, with the messages the server answers, and saved with its formula', async () => {
      api.createField.mockResolvedValue({ code: 200, data: 9 });
      await openFormula();
      type('annualRevenue / 0');
      expect(await screen.findByText('The formula divides by zero')).toBeTruthy();
      type('annualRevenu * 2');
      expect(await screen.findByText('Unknown field "annualRevenu" in the formula')).toBeTruthy();
      type("employees + 'x'");
      expect(await screen.findByText('The values on both sides of "+" are not of a type it accepts')).toBeTruthy();
      type('ROUND(annualRevenue / employees, 2)');
      expect(await screen.findByText('The formula checks: its value is a Number')).toBeTruthy();
      fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'revenuePerHead' } });
      fireEvent.change(screen.getByTestId('field-label-en'), { target: { value: 'Revenue per head' } });
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(api.createField).toHaveBeenCalled());
      expect(api.createField.mock.calls[0]![1]).toMatchObject({ name: 'revenuePerHead', formula: 'ROUND(annualRevenue / employees, 2)', filterable: true });
      expect(api.createField.mock.calls[0]![1]).not.toHaveProperty('defaultValue');
      // Long: a dialog typed into four times; it passed 60 s in CI beside the other steps.
    }, 120_000);

    it('speaks Chinese in Chinese', async () => {
      await changeLanguage('zh');
      await openFormula();
      type('SQRT(employees)');
      expect(await screen.findByText('公式中的函数“SQRT”不存在')).toBeTruthy();
      type('IF(employees > 1, 2)');
      expect(await screen.findByText('IF 需要 3 个参数')).toBeTruthy();
      expect(api.createField).not.toHaveBeenCalled();
    });
  });
});
