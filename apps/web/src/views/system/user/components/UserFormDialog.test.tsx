import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../../../i18n/i18n';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import UserFormDialog from './UserFormDialog';

const api = vi.hoisted(() => ({
  addUser: vi.fn(),
  updateUser: vi.fn(),
  getUser: vi.fn(),
  getUserFormOptions: vi.fn(),
  getDeptTree: vi.fn(),
}));
vi.mock('../../../../api/system/user', () => api);
vi.mock('../../../../api/system/dict', () => ({ getDictValues: async () => ({ code: 200, data: [] }) }));

const olivia = {
  userId: 5,
  userName: 'olivia.park',
  nickName: 'Olivia Park',
  deptId: 3,
  phonenumber: '',
  email: 'olivia@example.com',
  sex: '1',
  status: '0',
  remark: '',
};

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  vi.resetAllMocks();
  api.getDeptTree.mockResolvedValue({ code: 200, data: [{ id: 3, label: 'Sales East', children: [] }] });
  api.getUser.mockResolvedValue({ code: 200, data: olivia, roleIds: [4], roles: [{ roleId: 4, roleName: 'Sales rep', status: '0' }] });
  api.updateUser.mockResolvedValue({ code: 200, msg: 'Saved' });
});
afterEach(cleanup);

const renderDialog = (onSaved = vi.fn()) =>
  renderWithProviders(<UserFormDialog dialog={{ mode: 'edit', userId: 5 }} onClose={vi.fn()} onSaved={onSaved} />);

describe('UserFormDialog', () => {
  it('edits a user with the whole record the server needs, sign-in name included, and no password', async () => {
    const onSaved = vi.fn();
    renderDialog(onSaved);
    const nickName = await screen.findByLabelText('Nickname');
    expect((screen.getByLabelText('User name') as HTMLInputElement).value).toBe('olivia.park');
    expect(screen.queryByLabelText('Password')).toBeNull();

    fireEvent.change(nickName, { target: { value: 'Olivia P. Park' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.updateUser).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 5, userName: 'olivia.park', nickName: 'Olivia P. Park', deptId: 3, email: 'olivia@example.com', roleIds: [4] }),
    );
    expect(api.updateUser.mock.calls[0]![0]).not.toHaveProperty('password');
  });

  it('cannot be saved before the user has loaded', async () => {
    api.getUser.mockReturnValue(new Promise(() => {}));
    renderDialog();
    const ok = await screen.findByRole('button', { name: 'OK' });
    expect(ok.hasAttribute('disabled')).toBe(true);
  });
});
