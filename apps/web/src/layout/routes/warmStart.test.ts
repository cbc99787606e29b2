import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@orbit/shared/constants';
import { removeToken, setToken } from '../../utils/auth';
import { rememberDashboardLabels, rememberedDashboardLabels, rememberedPage, rememberPage } from './warmStart';

beforeEach(() => {
  localStorage.clear();
  removeToken();
  Cookies.remove(TOKEN_COOKIE);
});

describe('warmStart', () => {
  it('gives back the view an address opened and the landing dashboard, in the same session', () => {
    setToken('token-one');
    expect(rememberedPage('/Leads/leads-index')).toBeNull();
    rememberPage('/Leads/leads-index', 'crm/leads/index', 3);
    rememberPage('/dashboard/dashboard-index', 'crm/dashboard/index', 3);
    expect(rememberedPage('/Leads/leads-index')).toEqual({ component: 'crm/leads/index', dashboardId: 3 });
    expect(rememberedPage('/dashboard/dashboard-index')).toEqual({ component: 'crm/dashboard/index', dashboardId: 3 });
    expect(rememberedPage('/Contacts/contacts-index')).toBeNull();
    rememberDashboardLabels({ opened: 3, modules: ['leads'], dictTypes: ['crm_lead_status'] });
    expect(rememberedDashboardLabels()).toEqual({ opened: 3, modules: ['leads'], dictTypes: ['crm_lead_status'] });
  });

  it('gives another session nothing, signed out nothing, and never stores the token', () => {
    setToken('token-one');
    rememberPage('/Leads/leads-index', 'crm/leads/index', null);
    rememberDashboardLabels({ opened: 1, modules: ['leads'], dictTypes: [] });
    expect(localStorage.getItem('orbit-warm-start')).not.toContain('token-one');
    setToken('token-two');
    expect(rememberedPage('/Leads/leads-index')).toBeNull();
    expect(rememberedDashboardLabels()).toBeNull();
    // The new session starts its own record, without the other's pages.
    rememberPage('/Contacts/contacts-index', 'crm/contacts/index', null);
    expect(rememberedPage('/Leads/leads-index')).toBeNull();
    removeToken();
    expect(rememberedPage('/Contacts/contacts-index')).toBeNull();
  });

  it('survives what it cannot read, and keeps the newest addresses only', () => {
    setToken('token-one');
    localStorage.setItem('orbit-warm-start', '{not json');
    expect(rememberedPage('/Leads/leads-index')).toBeNull();
    for (let i = 0; i < 60; i++) rememberPage(`/page-${i}`, `crm/leads/index`, null);
    expect(rememberedPage('/page-0')).toBeNull();
    expect(rememberedPage('/page-59')).toEqual({ component: 'crm/leads/index', dashboardId: null });
    expect(Object.keys((JSON.parse(localStorage.getItem('orbit-warm-start')!) as { pages: object }).pages)).toHaveLength(50);
  });
});
