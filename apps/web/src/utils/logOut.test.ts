import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../app/queryClient';
import { menuViewStore, viewMenuAs } from '../store/menuView';
import { getSession, setSession, type Session } from '../store/session';
import { addView, tagsStore } from '../store/tagsView';
import { getToken, setToken } from './auth';
import { logOut } from './logOut';

const api = vi.hoisted(() => ({ logout: vi.fn() }));
vi.mock('../api/auth', () => api);

afterEach(() => vi.resetAllMocks());

describe('logOut', () => {
  it('clears token, session, session storage, tabs, the played demo role and the cached server data of the previous user', async () => {
    api.logout.mockResolvedValue({ code: 200 });
    setToken('secret-token');
    setSession({ user: { userId: 1, userName: 'admin', nickName: 'Alex Admin' }, roles: ['admin'], permissions: ['*:*:*'], routers: [] } as unknown as Session);
    sessionStorage.setItem('reportId', '7');
    addView({ fullPath: '/system/user', path: '/system/user', name: 'User', title: 'Users', affix: false, noCache: false });
    queryClient.setQueryData(['user-profile'], { email: 'admin@example.com' });
    viewMenuAs('visitor', ['/permission']);

    await logOut();

    expect(api.logout).toHaveBeenCalledOnce();
    expect(getToken()).toBeUndefined();
    expect(getSession()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(tagsStore.get().filter((v) => !v.affix)).toEqual([]);
    expect(queryClient.getQueryData(['user-profile'])).toBeUndefined();
    expect(menuViewStore.get()).toEqual({ role: null, hidden: [] });
  });

  it('signs out locally even when the server cannot be reached', async () => {
    api.logout.mockRejectedValue(new Error('offline'));
    setToken('secret-token');
    queryClient.setQueryData(['roles'], [1, 2]);
    await logOut();
    expect(getToken()).toBeUndefined();
    expect(queryClient.getQueryData(['roles'])).toBeUndefined();
  });
});
