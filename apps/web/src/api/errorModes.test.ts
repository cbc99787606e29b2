import { APP_VERSION, VERSION_HEADER } from '@orbit/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../utils/auth';
import { setNotifier, type Notifier } from './notifier';
import { download, request, RequestError } from './request';

/**
 * The server answers a refusal either with its real HTTP status (API_ERROR_STATUS=http, the
 * default) or with HTTP 200 and the same body (envelope, for RuoYi clients). The client reads the
 * envelope's `code`, so every refusal is handled alike in both modes.
 */
const notifier = { error: vi.fn(), success: vi.fn(), confirmLogout: vi.fn(), announceUpdate: vi.fn() } satisfies Notifier;
type Mode = 'http' | 'envelope';

function refusal(mode: Mode, body: { code: number; msg: string; errors?: Record<string, string> }) {
  const status = mode === 'envelope' && body.code < 500 ? 200 : body.code;
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', [VERSION_HEADER]: APP_VERSION } });
}
const answerWith = (response: () => Response) => vi.stubGlobal('fetch', vi.fn(async () => response()));
const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (e: unknown) => e as RequestError);

beforeEach(() => setNotifier(notifier));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe.each<Mode>(['http', 'envelope'])('request with API_ERROR_STATUS=%s', (mode) => {
  it('a 400 rejects with the message and the field errors for the form, showing nothing itself', async () => {
    answerWith(() => refusal(mode, { code: 400, msg: 'User name is required', errors: { userName: 'User name is required' } }));
    const error = await failure(request({ url: '/system/user', method: 'POST', data: {} }));
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ code: 400, message: 'User name is required', errors: { userName: 'User name is required' }, shown: false });
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('a 401 opens the Confirm logout dialog', async () => {
    setToken('session-token'); // a signed-in session that the server has ended
    notifier.confirmLogout.mockResolvedValue(false);
    answerWith(() => refusal(mode, { code: 401, msg: 'Your session has expired, please sign in again' }));
    const error = await failure(request({ url: '/getInfo' }));
    expect(notifier.confirmLogout).toHaveBeenCalledOnce();
    expect(error).toMatchObject({ code: 401, shown: true });
  });

  it('a 403 shows its message for 5 seconds', async () => {
    answerWith(() => refusal(mode, { code: 403, msg: 'No permission' }));
    const error = await failure(request({ url: '/system/user/list' }));
    expect(notifier.error).toHaveBeenCalledWith('No permission', 5);
    expect(error).toMatchObject({ code: 403, shown: true });
  });

  it('a 404, 409 or 429 rejects with its code and message and no toast (the caller decides)', async () => {
    for (const code of [404, 409, 429]) {
      answerWith(() => refusal(mode, { code, msg: `refused ${code}` }));
      expect(await failure(request({ url: '/x' }))).toMatchObject({ code, message: `refused ${code}`, shown: false });
    }
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('a 500 stays a 500 in both modes and shows its message', async () => {
    answerWith(() => refusal(mode, { code: 500, msg: 'The system is busy' }));
    expect(await failure(request({ url: '/x' }))).toMatchObject({ code: 500, shown: true });
    expect(notifier.error).toHaveBeenCalledWith('The system is busy', 5);
  });

  it('a refused download (JSON instead of the file) is not saved: 403 and 400 say why, 409 says Download Failed', async () => {
    answerWith(() => refusal(mode, { code: 403, msg: 'No permission' }));
    expect(await download({ url: '/system/user/export', method: 'POST', fileName: 'users.xlsx' })).toBe(false);
    expect(notifier.error).toHaveBeenCalledWith('No permission', 5);
    expect(notifier.success).not.toHaveBeenCalled();
    notifier.error.mockClear();
    answerWith(() => refusal(mode, { code: 400, msg: 'Too many rows' }));
    expect(await download({ url: '/system/user/export', method: 'POST', fileName: 'users.xlsx' })).toBe(false);
    expect(notifier.error).toHaveBeenCalledWith('Too many rows', 5);
    notifier.error.mockClear();
    answerWith(() => refusal(mode, { code: 409, msg: 'Conflict' }));
    expect(await download({ url: '/system/user/export', method: 'POST', fileName: 'users.xlsx' })).toBe(false);
    expect(notifier.error).toHaveBeenCalledWith('Download Failed', 5);
  });
});

describe('a success is the same in both modes', () => {
  it('resolves the body', async () => {
    answerWith(() => new Response(JSON.stringify({ code: 200, msg: 'ok', data: 1 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await expect(request({ url: '/x' })).resolves.toEqual({ code: 200, msg: 'ok', data: 1 });
  });
});
