import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '@orbit/shared/contract/user';
import { prepareCrmTests, renderCrm, signInOlivia } from '../../../test/crmFixtures';
import UserPage from './index';

const api = vi.hoisted(() => ({
  listUsers: vi.fn(),
  getUser: vi.fn(),
  getUserFormOptions: vi.fn(),
  addUser: vi.fn(),
  updateUser: vi.fn(),
  deleteUsers: vi.fn(),
  resetUserPassword: vi.fn(),
  changeUserStatus: vi.fn(),
  getDeptTree: vi.fn(),
  assignUserRoles: vi.fn(),
}));
vi.mock('../../../api/system/user', () => api);
vi.mock('../../../api/system/dict', () => ({ getDictValues: async () => ({ code: 200, data: [] }) }));

const user = (userId: number, userName: string): UserRow =>
  ({ userId, userName, nickName: `Nick ${userId}`, deptId: 3, dept: { deptId: 3, deptName: 'Sales East' }, phonenumber: '', email: '', sex: '2', status: '0', admin: false, createTime: '2026-11-24T09:00:00.000Z', remark: '' }) as UserRow;

prepareCrmTests();
beforeEach(() => {
  vi.resetAllMocks();
  // Olivia (user 5) administers users, password resets included.
  signInOlivia(['system:user:list', 'system:user:edit', 'system:user:remove', 'system:user:resetPwd']);
  api.listUsers.mockResolvedValue({ code: 200, msg: '', total: 2, rows: [user(5, 'olivia.park'), user(6, 'liam.brooks')] });
  api.getDeptTree.mockResolvedValue({ code: 200, data: [] });
});

const moreMenuOf = async (userName: string) => {
  const row = (await screen.findByText(userName)).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: /More/ }));
  return screen.findByRole('menu');
};

describe('System › Users: password reset', () => {
  it('is offered on other users, never on oneself (one’s own password changes in the profile)', async () => {
    renderCrm(<UserPage />);
    const others = await moreMenuOf('liam.brooks');
    expect(within(others).getByText('Reset password')).toBeTruthy();
    fireEvent.keyDown(others, { key: 'Escape' });

    const own = (await screen.findByText('olivia.park')).closest('tr')!;
    const more = within(own).queryByRole('button', { name: /More/ });
    if (more) {
      fireEvent.click(more);
      const menus = await screen.findAllByRole('menu');
      expect(menus.at(-1)!.textContent).not.toContain('Reset password');
    }
    expect(within(own).getByRole('button', { name: /Edit/ })).toBeTruthy();
  });
});
