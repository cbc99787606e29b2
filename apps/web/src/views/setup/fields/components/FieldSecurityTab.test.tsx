import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FieldSecurityMatrix } from '@orbit/shared/crm/fieldSecurity';
import { changeLanguage, loadAllTexts } from '../../../../i18n/i18n';
import { chooseOption } from '../../../../test/antdSelect';
import { prepareCrmTests, signInOlivia } from '../../../../test/crmFixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import FieldSecurityTab from './FieldSecurityTab';

const api = vi.hoisted(() => ({ getFieldSecurity: vi.fn(), saveFieldSecurity: vi.fn() }));
vi.mock('../../../../api/fieldSecurity', () => api);

const matrix: FieldSecurityMatrix = {
  roles: [
    { roleId: 3, roleName: 'Sales Rep' },
    { roleId: 4, roleName: 'Sales Manager' },
  ],
  fields: [
    { name: 'lastName', label: 'Last Name', securable: false },
    { name: 'company', label: 'Company', securable: true },
    { name: 'rating', label: 'Rating', securable: true },
  ],
  access: { company: { '3': 'hidden' } },
};

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  signInOlivia();
});
afterEach(async () => {
  await loadAllTexts();
  await changeLanguage('en');
});

const cell = (field: string, roleId: number) => screen.getByTestId(`fls-${field}-${roleId}`);
const shown = (field: string, roleId: number) => cell(field, roleId).closest('.ant-select')!.textContent;

describe('Set-up › Field Security', () => {
  it('draws fields × roles with each cell’s access, system fields fixed; saves the whole matrix', async () => {
    api.getFieldSecurity.mockResolvedValue({ code: 200, data: matrix });
    api.saveFieldSecurity.mockResolvedValue({ code: 200 });
    renderWithProviders(<FieldSecurityTab module="leads" canEdit />);
    expect(screen.getByTestId('field-security-loading')).toBeTruthy();
    await screen.findByTestId('field-security');
    expect(screen.getAllByText('Sales Rep').length).toBeGreaterThan(0);
    expect(shown('company', 3)).toBe('Hidden');
    expect(shown('company', 4)).toBe('Visible');
    expect(screen.queryByTestId('fls-lastName-3')).toBeNull();
    expect((screen.getByTestId('field-security-save') as HTMLButtonElement).disabled).toBe(true);
    await chooseOption(within(cell('rating', 3)).getByRole('combobox'), 'Read-only');
    fireEvent.click(screen.getByTestId('field-security-save'));
    await waitFor(() => expect(api.saveFieldSecurity).toHaveBeenCalled());
    expect(api.saveFieldSecurity.mock.calls[0]![0]).toBe('leads');
    expect(api.saveFieldSecurity.mock.calls[0]![1].cells).toEqual(
      expect.arrayContaining([
        { field: 'company', roleId: 3, access: 'hidden' },
        { field: 'rating', roleId: 3, access: 'readOnly' },
      ]),
    );
    expect(api.saveFieldSecurity.mock.calls[0]![1].cells).toHaveLength(2);
  });

  it('without the edit permission: cells disabled and no save; in Chinese', async () => {
    await changeLanguage('zh');
    api.getFieldSecurity.mockResolvedValue({ code: 200, data: matrix });
    renderWithProviders(<FieldSecurityTab module="leads" canEdit={false} />);
    const table = await screen.findByTestId('field-security');
    expect(within(table).getAllByText('字段').length).toBeGreaterThan(0);
    expect(shown('company', 3)).toBe('隐藏');
    expect(cell('company', 3).closest('.ant-select')!.className).toContain('disabled');
    expect(screen.queryByTestId('field-security-save')).toBeNull();
  });

  it('an error state offers a retry', async () => {
    api.getFieldSecurity.mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ code: 200, data: matrix });
    renderWithProviders(<FieldSecurityTab module="leads" canEdit />);
    fireEvent.click(await screen.findByTestId('retry'));
    await screen.findByTestId('field-security');
  });
});
