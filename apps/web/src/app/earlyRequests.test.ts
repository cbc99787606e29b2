import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberDashboardLabels, rememberPage } from '../layout/routes/warmStart';
import { removeToken, setToken } from '../utils/auth';
import { startEarlyRequests } from './earlyRequests';

const fetch = vi.fn(async (_url: string) => new Response('{}'));
const asked = () => fetch.mock.calls.map(([url]) => url);
const at = (address: string) => window.history.replaceState(null, '', address);

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetch);
  setToken('token-one');
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetch.mockClear();
  removeToken();
  at('/');
});

const session = ['/dev-api/getRouters', '/dev-api/system/config/configKey/sys.theme.palette', '/dev-api/getInfo'];

describe('a full load’s first requests', () => {
  it('are the session’s, and the first ones of the page the address opened last time', () => {
    at('/Leads/leads-index');
    startEarlyRequests();
    expect(asked()).toEqual(session);
    fetch.mockClear();
    rememberPage('/Leads/leads-index', 'crm/leads/index', null);
    startEarlyRequests();
    expect(asked()).toEqual([...session, '/dev-api/crm/meta/leads']);
  });

  it('ask for a record page’s record, and for the dashboards with the one that opened last time', () => {
    rememberPage('/opportunity/opportunity-detail', 'crm/opportunity/detail', null);
    at('/opportunity/opportunity-detail?flag=detail&id=6');
    startEarlyRequests();
    expect(asked().slice(3)).toEqual(['/dev-api/crm/meta/opportunity', '/dev-api/crm/opportunity/6']);
    fetch.mockClear();
    rememberPage('/dashboard/dashboard-index', 'crm/dashboard/index', 1);
    rememberDashboardLabels({ opened: 2, modules: ['leads'], dictTypes: [] });
    at('/dashboard/dashboard-index');
    startEarlyRequests();
    expect(asked().slice(3)).toEqual(['/dev-api/crm/dashboard/list', '/dev-api/crm/dashboard/2/data']);
  });

  it('are none without a session, or on the sign-in page', () => {
    at('/login');
    startEarlyRequests();
    removeToken();
    at('/Leads/leads-index');
    startEarlyRequests();
    expect(fetch).not.toHaveBeenCalled();
  });
});
