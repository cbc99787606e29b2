import { APP_VERSION, CLIENT_HEADER, ORBIT_WEB_CLIENT, VERSION_HEADER } from '@orbit/shared/constants';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NotifierBridge from '../app/NotifierBridge';
import { i18nReady } from '../i18n/i18n';
import { getToken, setToken } from '../utils/auth';
import { setNotifier, type Notifier } from './notifier';
import { request, RequestError } from './request';

const notifier = { error: vi.fn(), success: vi.fn(), confirmLogout: vi.fn(), announceUpdate: vi.fn() } satisfies Notifier;

function answer(body: unknown, status = 200, version = APP_VERSION) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', [VERSION_HEADER]: version } });
}

beforeEach(() => setNotifier(notifier));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('request: Orbit’s web app names itself', () => {
  it('on every call, so the server answers it in Orbit’s own format (ISO dates, every menu) and not as a RuoYi client', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer({ code: 200, msg: '' }));
    vi.stubGlobal('fetch', fetch);
    await request({ url: '/system/user/list' });
    await request({ url: '/login', method: 'POST', data: {}, isToken: false });
    for (const [, init] of fetch.mock.calls) expect((init.headers as Record<string, string>)[CLIENT_HEADER]).toBe(ORBIT_WEB_CLIENT);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('request: who tells the user about a refusal', () => {
  it('shows a 500 message itself by default and marks the error as shown', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 500, msg: 'Database down' })));
    const error = await request({ url: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).shown).toBe(true);
    expect(notifier.error).toHaveBeenCalledWith('Database down', 5);
  });

  it('with showError false leaves the message to the caller (one message, not two)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 500, msg: 'Database down' })));
    const error = (await request({ url: '/x', showError: false }).catch((e: unknown) => e)) as RequestError;
    expect(error.shown).toBe(false);
    expect(error.code).toBe(500);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('still opens the Confirm logout dialog for a 401 with showError false', async () => {
    setToken('live-token');
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 401, msg: 'expired' })));
    notifier.confirmLogout.mockResolvedValue(false);
    const error = (await request({ url: '/x', showError: false }).catch((e: unknown) => e)) as RequestError;
    expect(notifier.confirmLogout).toHaveBeenCalledOnce();
    expect(error.shown).toBe(true);
  });

  it('Re-Login clears the token and what the ended session kept in session storage', async () => {
    setToken('expired-token');
    sessionStorage.setItem('tags-view', '["/Leads/leads-index"]');
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 401, msg: 'expired' })));
    notifier.confirmLogout.mockResolvedValue(true);
    await request({ url: '/x' }).catch(() => undefined);
    expect(getToken()).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('request: a 401 of a session that is no longer this tab\'s', () => {
  it('is refused quietly when the user logged out or another signed in while it was on its way, or none was signed in', async () => {
    setToken('admin-token');
    vi.stubGlobal('fetch', vi.fn(async () => {
      setToken('olivia-token'); // Olivia signs in while Alex's last request is answered.
      return answer({ code: 401, msg: 'expired' });
    }));
    const stale = (await request({ url: '/system/notice/listTop' }).catch((e: unknown) => e)) as RequestError;
    expect(stale.code).toBe(401);
    expect(stale.shown).toBe(true);

    setToken('');
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 401, msg: 'no session' })));
    await request({ url: '/system/notice/listTop' }).catch(() => undefined);
    expect(notifier.confirmLogout).not.toHaveBeenCalled();
  });
});

describe('request: System Update (SPEC §8)', () => {
  afterEach(cleanup);

  // One test: once shown, the dialog is never shown again in the page's life (the page reloads).
  it('a differing version header shows the blocking dialog once, OK only, and the page reloads after OK; an equal one shows nothing', async () => {
    await i18nReady;
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(createElement(NotifierBridge));

    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 200, msg: 'ok' })));
    await expect(request({ url: '/x' })).resolves.toEqual({ code: 200, msg: 'ok' });
    expect(document.querySelector('.ant-modal')).toBeNull();

    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 200, msg: 'ok' }, 200, `${APP_VERSION}-next`)));
    const refused = Promise.allSettled([request({ url: '/a' }), request({ url: '/b' })]);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.querySelector('.ant-modal-confirm-title')?.textContent).toBe('System Update');
    expect(dialog.querySelector('.ant-modal-confirm-content')?.textContent).toBe('A new version has been detected. The system will update immediately.');
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['OK']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();

    act(() => fireEvent.click(dialog.querySelector('button')!));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    const results = await refused;
    expect(results.map((r) => r.status === 'rejected' && (r.reason as RequestError).shown)).toEqual([true, true]);
    // Answers arriving after OK, while the page reloads, ask nothing more.
    await expect(request({ url: '/c' })).rejects.toMatchObject({ shown: true });
    expect(screen.queryAllByRole('dialog')).toHaveLength(0);
    expect(reload).toHaveBeenCalledOnce();
  });
});
