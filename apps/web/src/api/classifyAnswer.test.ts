import { describe, expect, it } from 'vitest';
import { APP_VERSION, DOWNLOAD_MESSAGE_DURATION_S, ERROR_MESSAGE_DURATION_S } from '@orbit/shared/constants';
import en from '../locales/en/signIn/common';
import { classifyAnswer, DOWNLOAD_FAILED, DOWNLOAD_SUCCESS } from './classifyAnswer';

const answer = (body: unknown, versionHeader: string | null = APP_VERSION) => ({ kind: 'answer' as const, body, versionHeader });

describe('classifyAnswer: every row of SPEC §8', () => {
  it('code 200 resolves', () => {
    expect(classifyAnswer(answer({ code: 200, msg: 'ok' }))).toEqual({ kind: 'resolve' });
  });

  it('code 401 opens the Confirm logout dialog (with the exact texts)', () => {
    expect(classifyAnswer(answer({ code: 401, msg: 'expired' }))).toEqual({ kind: 'logoutDialog' });
    expect(classifyAnswer({ kind: 'http', status: 401 })).toEqual({ kind: 'logoutDialog' });
    expect(en['request.logoutTitle']).toBe('Confirm logout');
    expect(en['request.logoutText']).toBe('You have been logged out, you can cancel to stay on this page, or log in again');
    expect(en['request.relogin']).toBe('Re-Login');
    expect(en['common.cancel']).toBe('Cancel');
  });

  it.each([500, 403, 50014])('code %i shows msg for 5 seconds and rejects', (code) => {
    expect(classifyAnswer(answer({ code, msg: 'Something broke' }))).toEqual({ kind: 'message', text: 'Something broke', translate: false, duration: ERROR_MESSAGE_DURATION_S });
    expect(ERROR_MESSAGE_DURATION_S).toBe(5);
  });

  it.each([500, 403, 50014])("code %i with an empty msg shows 'Error'", (code) => {
    expect(classifyAnswer(answer({ code, msg: '' }))).toEqual({ kind: 'message', text: 'request.error', translate: true, duration: 5 });
    expect(classifyAnswer(answer({ code }))).toMatchObject({ text: 'request.error' });
    expect(en['request.error']).toBe('Error');
  });

  it.each([400, 404, 409, 429, 601, 20000])('any other non-200 code (%i) rejects without a message', (code) => {
    expect(classifyAnswer(answer({ code, msg: 'quiet' }))).toEqual({ kind: 'reject' });
  });

  it('an HTTP error without an envelope is classified by its status', () => {
    expect(classifyAnswer({ kind: 'http', status: 500 })).toMatchObject({ kind: 'message', text: 'request.error' });
    expect(classifyAnswer({ kind: 'http', status: 502 })).toEqual({ kind: 'reject' });
  });

  it('503 (the database briefly unreachable) shows its message for 5 seconds, like a network error', () => {
    expect(classifyAnswer(answer({ code: 503, msg: 'The database is not reachable' }))).toEqual({ kind: 'message', text: 'The database is not reachable', translate: false, duration: 5 });
    expect(classifyAnswer({ kind: 'http', status: 503 })).toMatchObject({ kind: 'message', text: 'request.error' });
  });

  it('a network error shows its message for 5 seconds', () => {
    expect(classifyAnswer({ kind: 'network', message: 'Failed to fetch' })).toEqual({ kind: 'message', text: 'Failed to fetch', translate: false, duration: 5 });
    expect(classifyAnswer({ kind: 'network', message: '' })).toEqual({ kind: 'message', text: 'request.networkError', translate: true, duration: 5 });
    expect(classifyAnswer({ kind: 'timeout' })).toEqual({ kind: 'message', text: 'request.timeout', translate: true, duration: 5 });
  });

  it('a differing System-Version header opens the blocking System Update dialog, whatever the body', () => {
    expect(classifyAnswer(answer({ code: 200 }, 'v1.0.5'))).toEqual({ kind: 'versionDialog' });
    expect(classifyAnswer(answer({ code: 500, msg: 'x' }, 'v2'))).toEqual({ kind: 'versionDialog' });
    expect(classifyAnswer(answer({ code: 200 }, APP_VERSION))).toEqual({ kind: 'resolve' });
    // No header (a proxy stripped it): nothing to compare.
    expect(classifyAnswer(answer({ code: 200 }, null))).toEqual({ kind: 'resolve' });
    expect(classifyAnswer(answer({ code: 200 }, 'v9'), 'v9')).toEqual({ kind: 'resolve' });
    expect(en['request.updateTitle']).toBe('System Update');
    expect(en['request.updateText']).toBe('A new version has been detected. The system will update immediately.');
  });

  it("a download's code 500 says 'Download Failed'; success says 'Download Successful' for 3 seconds", () => {
    expect(classifyAnswer(answer({ code: 500, msg: 'disk error' }), APP_VERSION, { download: true })).toEqual({ kind: 'message', text: 'request.downloadFailed', translate: true, duration: 5 });
    expect(classifyAnswer(answer({ code: 401 }), APP_VERSION, { download: true })).toEqual({ kind: 'logoutDialog' });
    expect(en[DOWNLOAD_FAILED.text]).toBe('Download Failed');
    expect(en[DOWNLOAD_SUCCESS.text]).toBe('Download Successful');
    expect(DOWNLOAD_SUCCESS.duration).toBe(DOWNLOAD_MESSAGE_DURATION_S);
    expect(DOWNLOAD_MESSAGE_DURATION_S).toBe(3);
  });

  it('menu load failure and no permission have their messages', () => {
    expect(en['request.menuLoadError']).toMatch(/[\u4e00-\u9fa5]/);
    expect(en['request.noPermission']).toBe("Sorry，you don't have the permissions for this URL，please contact IT Services，thanks！");
  });
});
