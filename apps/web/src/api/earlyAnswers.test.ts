import { APP_VERSION, VERSION_HEADER } from '@orbit/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeToken, setToken } from '../utils/auth';
import { setNotifier, type Notifier } from './notifier';
import { askEarly, request } from './request';

const notifier = { error: vi.fn(), success: vi.fn(), confirmLogout: vi.fn(), announceUpdate: vi.fn() } satisfies Notifier;
const answer = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', [VERSION_HEADER]: APP_VERSION } });

beforeEach(() => {
  setNotifier(notifier);
  setToken('early-answers-one'); // a session of its own: no other test's answers are read
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  removeToken();
});

describe('answers asked for early', () => {
  it('are read by the first call for the same address, which sends nothing; the next call asks again', async () => {
    const fetch = vi.fn(async (url: string) => answer({ code: 200, msg: '', data: url }));
    vi.stubGlobal('fetch', fetch);
    askEarly(['/crm/meta/leads']);
    expect(fetch).toHaveBeenCalledOnce();
    expect(fetch.mock.calls[0]![0]).toBe('/dev-api/crm/meta/leads');
    await expect(request({ url: '/crm/meta/leads' })).resolves.toMatchObject({ data: '/dev-api/crm/meta/leads' });
    expect(fetch).toHaveBeenCalledOnce();
    await request({ url: '/crm/meta/leads' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('are not read by another address, another session, nor once dropped; a failed one is asked for again', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => answer({ code: 200, msg: '' }));
    vi.stubGlobal('fetch', fetch);
    askEarly(['/crm/meta/leads', '/getInfo']);
    await request({ url: '/crm/meta/leads', params: { pageNum: 1 } });
    setToken('early-answers-two');
    await request({ url: '/getInfo' });
    expect(fetch).toHaveBeenCalledTimes(4);
    askEarly(['/getRouters']);
    vi.advanceTimersByTime(10_000);
    await request({ url: '/getRouters' });
    expect(fetch).toHaveBeenCalledTimes(6);
    fetch.mockRejectedValueOnce(new TypeError('network'));
    askEarly(['/crm/reminders']);
    await expect(request({ url: '/crm/reminders' })).resolves.toMatchObject({ code: 200 });
    expect(fetch).toHaveBeenCalledTimes(8);
  });
});
