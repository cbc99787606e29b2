import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
  fields: [setupField(leadFields.lastName), setupField(field('partnerTier', 'picklist', 'Partner Tier', { standard: false, dictType: 'crm_partner_tier' }), { views: 2 })],
  recordTypes: [{ id: 1, name: 'standard', label: 'Standard', labelEn: 'Standard', labelZh: '标准', description: '', active: true, isDefault: true, layoutId: 11 }],
  layouts: [
    { id: 10, name: 'Lead Layout (Template)', isTemplate: true, recordTypes: [], sections: [] },
    { id: 11, name: 'Lead Layout', isTemplate: false, recordTypes: [1], sections: [{ key: 'main', title: 'Main', titleEn: 'Main', titleZh: '主要', columns: 2, fields: [{ field: 'lastName' }] }] },
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
});
