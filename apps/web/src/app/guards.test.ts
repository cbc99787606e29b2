import { APP_VERSION, VERSION_HEADER } from '@orbit/shared/constants';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, type Notifier } from '../api/notifier';
import { i18nReady } from '../i18n/i18n';
import { getSession, setSession } from '../store/session';
import { getToken, setToken } from '../utils/auth';
import { requireSession, startSession } from './guards';

const notifier = { error: vi.fn(), success: vi.fn(), confirmLogout: vi.fn(), announceUpdate: vi.fn() } satisfies Notifier;
const TARGET = 'http://localhost/Leads/leads-index?flag=detail&id=3';
const args = (url = TARGET) => ({ request: new Request(url), params: {}, context: undefined }) as unknown as LoaderFunctionArgs;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', [VERSION_HEADER]: APP_VERSION } });
const info = { code: 200, msg: 'ok', user: { userId: 1, userName: 'admin' }, roles: ['admin'], permissions: ['*:*:*'], isAdmin: true, isDefaultModifyPwd: false, isPasswordExpired: false };
const menu = { code: 200, msg: 'ok', data: [{ name: 'Leads', path: '/Leads', hidden: false, component: 'Layout', meta: { title: 'Leads' } }] };

/** The server: user info, and the menu answered as given. */
function serve(routers: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.endsWith('/getRouters') ? routers() : json(info))),
  );
}

/** Where a guard's refusal sends the browser. */
async function redirectedTo(promise: Promise<unknown>): Promise<string | null> {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return thrown instanceof Response ? thrown.headers.get('Location') : null;
}

beforeAll(async () => {
  await i18nReady;
  // The session imports the palette's module as it loads: imported once here, so that a session that
  // fails (its menu refused) sends its palette read inside its own test, not into the next test's fetch.
  await import('../store/palette');
});
beforeEach(() => {
  setNotifier(notifier);
  setSession(null); // the session an earlier test left
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  setSession(null);
  document.cookie = 'Admin-Token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  sessionStorage.clear();
  localStorage.clear();
});

describe('requireSession (SPEC §4)', () => {
  it('without a token sends to sign-in with the target kept', async () => {
    expect(await redirectedTo(requireSession(args()))).toBe('/login?redirect=%2FLeads%2Fleads-index%3Fflag%3Ddetail%26id%3D3');
  });

  it('with a token loads user info and menu before the page', async () => {
    setToken('t');
    serve(() => json(menu));
    const session = await requireSession(args());
    expect(session).toMatchObject({ isAdmin: true, roles: ['admin'], routers: menu.data });
    expect(getSession()).toBe(session);
  });

  it('finds the session asked for as the app started, and asks nothing twice; nothing is asked for on the sign-in page', async () => {
    setToken('t');
    serve(() => json(menu));
    window.history.replaceState(null, '', '/login');
    startSession();
    expect(fetch).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/Leads/leads-index');
    startSession();
    expect(await requireSession(args())).toMatchObject({ routers: menu.data });
    // User info, menu and the organisation's palette, once each.
    expect(fetch).toHaveBeenCalledTimes(3);
    window.history.replaceState(null, '', '/');
  });

  it('a menu that cannot be loaded: the menu-load message only, token cleared, back to sign-in with the target', async () => {
    setToken('t');
    serve(() => json({ code: 500, msg: 'Database down' }, 500));
    expect(await redirectedTo(requireSession(args()))).toBe('/login?redirect=%2FLeads%2Fleads-index%3Fflag%3Ddetail%26id%3D3');
    expect(notifier.error.mock.calls).toEqual([['菜单数据加载异常', 5]]);
    expect(getToken()).toBeUndefined();
    expect(getSession()).toBeNull();
  });

  it('an ended session: the Confirm logout dialog, no second message, token cleared', async () => {
    setToken('t');
    notifier.confirmLogout.mockResolvedValue(false);
    vi.stubGlobal('fetch', vi.fn(async () => json({ code: 401, msg: 'expired' }, 401)));
    expect(await redirectedTo(requireSession(args()))).toMatch(/^\/login\?redirect=/);
    expect(notifier.confirmLogout).toHaveBeenCalledOnce();
    expect(notifier.error).not.toHaveBeenCalled();
    expect(getToken()).toBeUndefined();
  });
});
