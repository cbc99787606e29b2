import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAllTexts } from '../../../../i18n/i18n';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { useState } from 'react';
import type { UserDialog } from '../useUserController';
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
  await loadAllTexts();
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

  it('holds a new user’s password to the policy in the browser: it may not contain the user name', async () => {
    api.getUserFormOptions.mockResolvedValue({ code: 200, roles: [] });
    renderWithProviders(<UserFormDialog dialog={{ mode: 'create' }} onClose={vi.fn()} onSaved={vi.fn()} />);
    fireEvent.change(await screen.findByLabelText('Nickname'), { target: { value: 'Sam Seller' } });
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'sam.seller' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Sam.Seller-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('A password cannot contain the user name')).toBeTruthy();
    expect(api.addUser).not.toHaveBeenCalled();
  });

  it('cannot be saved before the user has loaded', async () => {
    api.getUser.mockReturnValue(new Promise(() => {}));
    renderDialog();
    const ok = await screen.findByRole('button', { name: 'OK' });
    expect(ok.hasAttribute('disabled')).toBe(true);
  });

  it('shows the user being edited after a user was just created in the same dialog', async () => {
    api.getUserFormOptions.mockResolvedValue({ code: 200, roles: [{ roleId: 4, roleName: 'Sales rep', status: '0' }] });
    api.addUser.mockResolvedValue({ code: 200, data: 5 });
    function Page() {
      const [dialog, setDialog] = useState<UserDialog>({ mode: 'create' });
      return (
        <>
          <button onClick={() => setDialog({ mode: 'edit', userId: 5 })}>edit olivia</button>
          <UserFormDialog dialog={dialog} onClose={() => setDialog(null)} onSaved={() => undefined} />
        </>
      );
    }
    renderWithProviders(<Page />);
    fireEvent.change(await screen.findByLabelText('Nickname'), { target: { value: 'Sam Seller' } });
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'sam.seller' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'seller123' } });
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.addUser).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByTestId('user-form')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'edit olivia' }));
    await waitFor(() => expect((screen.getByLabelText('Nickname') as HTMLInputElement).value).toBe('Olivia Park'));
    expect((screen.getByLabelText('User name') as HTMLInputElement).value).toBe('olivia.park');
    // Nothing of the created user leaks into the save: her roles and details stay hers.
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.updateUser).toHaveBeenCalled());
    expect(api.updateUser).toHaveBeenCalledWith(expect.objectContaining({ userId: 5, userName: 'olivia.park', sex: '1', roleIds: [4], deptId: 3 }));
  });
});
