import { describe, expect, it } from 'vitest';
import { enterDestination, postSignInDestination, REPORT_ID_STORAGE_KEY } from './postSignInDestination';

const dest = (query: string) => postSignInDestination(new URLSearchParams(query));

describe('postSignInDestination', () => {
  it('goes home without a query', () => {
    expect(dest('')).toEqual({ path: '/' });
  });

  it.each([
    ['0', '/Leads/leads-detail'],
    ['1', '/opportunity/opportunity-detail'],
    ['2', '/account/account-detail'],
    ['3', '/task/task-detail'],
    ['4', '/campaign/campaign-detail'],
  ])('module %s opens %s with flag=detail and the id', (module, path) => {
    expect(dest(`id=42&module=${module}`)).toEqual({ path: `${path}?flag=detail&id=42` });
  });

  it.each(['5', '', 'report', '-1'])('any other module (%j) opens the report, keeping its id for session storage', (module) => {
    expect(dest(`id=7&module=${module}`)).toEqual({ path: '/report/report-detail?flag=detail&id=7', reportId: '7' });
  });

  it('a missing module also means report', () => {
    expect(dest('id=7')).toEqual({ path: '/report/report-detail?flag=detail&id=7', reportId: '7' });
  });

  it('encodes the id', () => {
    expect(dest('id=a%26b&module=0').path).toBe('/Leads/leads-detail?flag=detail&id=a%26b');
  });

  it('an id wins over a redirect', () => {
    expect(dest('id=1&module=1&redirect=/system/user').path).toBe('/opportunity/opportunity-detail?flag=detail&id=1');
  });

  it('honours a redirect inside the app, with its query', () => {
    expect(dest(`redirect=${encodeURIComponent('/system/user?pageNum=2')}`)).toEqual({ path: '/system/user?pageNum=2' });
  });

  it('gives a path of the app as the browser would read it', () => {
    expect(dest(`redirect=${encodeURIComponent('/system/\tuser#top')}`)).toEqual({ path: '/system/user#top' });
    expect(dest(`redirect=${encodeURIComponent('/loginx')}`)).toEqual({ path: '/loginx' });
    const long = `/${'x'.repeat(5000)}`;
    expect(dest(`redirect=${encodeURIComponent(long)}`)).toEqual({ path: long });
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    // Browsers drop tabs and line breaks from a URL: these are //evil.example.
    '/\t/evil.example',
    '/\n/evil.example',
    ' /evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/login',
    '/login/',
    '/login?redirect=/x',
  ])(
    'ignores a redirect outside the app or back to sign-in (%s)',
    (redirect) => {
      expect(dest(`redirect=${encodeURIComponent(redirect)}`)).toEqual({ path: '/' });
    },
  );
});

describe('enterDestination', () => {
  it('stores the report id in session storage and returns the path', () => {
    sessionStorage.clear();
    expect(enterDestination({ path: '/report/report-detail?flag=detail&id=9', reportId: '9' })).toBe('/report/report-detail?flag=detail&id=9');
    expect(sessionStorage.getItem(REPORT_ID_STORAGE_KEY)).toBe('9');
  });

  it('stores nothing for other pages', () => {
    sessionStorage.clear();
    expect(enterDestination({ path: '/' })).toBe('/');
    expect(sessionStorage.length).toBe(0);
  });
});
