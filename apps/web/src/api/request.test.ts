import { APP_VERSION, VERSION_HEADER } from '@orbit/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../utils/auth';
import { setNotifier, type Notifier } from './notifier';
import { request, RequestError } from './request';

const notifier = { error: vi.fn(), success: vi.fn(), confirmLogout: vi.fn(), announceUpdate: vi.fn() } satisfies Notifier;

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', [VERSION_HEADER]: APP_VERSION } });
}

beforeEach(() => setNotifier(notifier));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
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
