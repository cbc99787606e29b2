import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleRow } from '@orbit/shared/contract/role';
import { loadAllTexts } from '../../../../i18n/i18n';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import DataScopeDialog from './DataScopeDialog';
import RoleFormDialog from './RoleFormDialog';

const api = vi.hoisted(() => ({
  addRole: vi.fn(),
  updateRole: vi.fn(),
  getMenuTreeSelect: vi.fn(),
  getRoleMenuTree: vi.fn(),
  getRoleDashboardOptions: vi.fn(),
  getRoleDeptTree: vi.fn(),
  saveRoleDataScope: vi.fn(),
}));
vi.mock('../../../../api/system/role', () => api);
vi.mock('../../../../api/system/dict', () => ({ getDictValues: async () => ({ code: 200, data: [] }) }));

const marketing = {
  roleId: 6,
  roleName: 'Marketing',
  roleKey: 'marketing',
  roleSort: 4,
  dataScope: '2',
  menuCheckStrictly: true,
  deptCheckStrictly: true,
  status: '0',
  remark: '',
} as RoleRow;

const never = () => new Promise<never>(() => {});

beforeAll(async () => {
  await loadAllTexts();
});
beforeEach(() => {
  vi.resetAllMocks();
  api.getRoleDashboardOptions.mockResolvedValue({ data: [{ id: 3, name: 'Sales dashboard' }] });
});
afterEach(cleanup);

const okButton = () => screen.findByRole('button', { name: 'OK' });

describe('RoleFormDialog', () => {
  it('cannot be saved while the menu tree is loading or failed to load, which would revoke every grant', async () => {
    api.getRoleMenuTree.mockImplementation(never);
    renderWithProviders(<RoleFormDialog open role={marketing} onClose={vi.fn()} onSaved={vi.fn()} />);
    expect((await okButton()).hasAttribute('disabled')).toBe(true);
    cleanup();

    api.getRoleMenuTree.mockRejectedValue(new Error('offline'));
    renderWithProviders(<RoleFormDialog open role={marketing} onClose={vi.fn()} onSaved={vi.fn()} />);
    await screen.findByTestId('retry');
    expect((await okButton()).hasAttribute('disabled')).toBe(true);
    expect(api.updateRole).not.toHaveBeenCalled();
  });

  it('saves the role with the menus it grants once the tree is there', async () => {
    api.getRoleMenuTree.mockResolvedValue({ menus: [{ id: 1, label: 'Campaign', children: [{ id: 2, label: 'Campaign list' }] }], checkedKeys: [2] });
    api.updateRole.mockResolvedValue({ code: 200 });
    const onSaved = vi.fn();
    renderWithProviders(<RoleFormDialog open role={marketing} onClose={vi.fn()} onSaved={onSaved} />);
    await screen.findByTestId('role-menu-tree');
    const ok = await okButton();
    expect(ok.hasAttribute('disabled')).toBe(false);
    fireEvent.click(ok);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.updateRole).toHaveBeenCalledWith(expect.objectContaining({ roleId: 6, roleKey: 'marketing', menuIds: [1, 2] }));
  });

  it("shows and keeps the role's landing dashboard, chosen among the shared ones", async () => {
    api.getRoleMenuTree.mockResolvedValue({ menus: [], checkedKeys: [] });
    api.updateRole.mockResolvedValue({ code: 200 });
    const onSaved = vi.fn();
    renderWithProviders(<RoleFormDialog open role={{ ...marketing, defaultDashboardId: 3 }} onClose={vi.fn()} onSaved={onSaved} />);
    await screen.findByText('Sales dashboard');
    expect(screen.getByText('Landing dashboard')).toBeTruthy();
    await screen.findByTestId('role-menu-tree');
    fireEvent.click(await okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.updateRole).toHaveBeenCalledWith(expect.objectContaining({ roleId: 6, defaultDashboardId: 3 }));
  });
});

describe('DataScopeDialog', () => {
  it('cannot save custom departments before their tree has loaded', async () => {
    api.getRoleDeptTree.mockImplementation(never);
    renderWithProviders(<DataScopeDialog role={marketing} onClose={vi.fn()} onSaved={vi.fn()} />);
    expect((await okButton()).hasAttribute('disabled')).toBe(true);
    expect(api.saveRoleDataScope).not.toHaveBeenCalled();
  });
});
