import { APP_VERSION, VERSION_HEADER } from '@orbit/shared/constants';
import { BUSINESS_DAY_HEADER, META_VERSION_HEADER } from '@orbit/shared/contract/crm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessDay } from '../store/businessDay';
import { listRecords, metaVersionSeen } from './crm';
import { setNotifier } from './notifier';

function answer(body: unknown, metaVersion: string, day = '2026-11-25') {
  return new Response(JSON.stringify(body), {
    headers: { 'content-type': 'application/json', [VERSION_HEADER]: APP_VERSION, [META_VERSION_HEADER]: metaVersion, [BUSINESS_DAY_HEADER]: day },
  });
}

beforeEach(() => {
  setNotifier({ error: vi.fn(), success: vi.fn(), confirmLogout: vi.fn(), announceUpdate: vi.fn() });
  metaVersionSeen.set(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('records engine calls', () => {
  it('send the filter tree as JSON and the columns comma-separated', async () => {
    const fetch = vi.fn(async () => answer({ code: 200, total: 0, rows: [], lookups: {} }, '1'));
    vi.stubGlobal('fetch', fetch);
    await listRecords('leads', { pageNum: 1, pageSize: 10, q: ' acme ', filter: { field: 'rating', op: 'eq', value: 'hot' }, fields: ['lastName', 'company'] });
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toBe('/dev-api/crm/leads/list');
    expect(url.searchParams.get('filter')).toBe('{"field":"rating","op":"eq","value":"hot"}');
    expect(url.searchParams.get('fields')).toBe('lastName,company');
    expect(url.searchParams.get('q')).toBe('acme');
  });

  it('remember the newest metadata version any answer carried, refusals included', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 200, total: 0, rows: [], lookups: {} }, '3')));
    await listRecords('leads', { pageNum: 1, pageSize: 10 });
    expect(metaVersionSeen.get()).toBe(3);
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 400, msg: 'Unknown field "x" in the filter' }, '4')));
    await listRecords('leads', { pageNum: 1, pageSize: 10 }).catch(() => undefined);
    expect(metaVersionSeen.get()).toBe(4);
  });

  it('remember the server’s business day, ignoring a header that is not a calendar day', async () => {
    businessDay.set(null);
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 200, total: 0, rows: [], lookups: {} }, '1', '2026-01-05')));
    await listRecords('leads', { pageNum: 1, pageSize: 10 });
    expect(businessDay.get()).toBe('2026-01-05');
    vi.stubGlobal('fetch', vi.fn(async () => answer({ code: 200, total: 0, rows: [], lookups: {} }, '1', 'tomorrow')));
    await listRecords('leads', { pageNum: 1, pageSize: 10 });
    expect(businessDay.get()).toBe('2026-01-05');
  });
});
