import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllLanguages } from '../../i18n/i18n';
import type { RouterVo } from '@orbit/shared/contract/auth';
import { buildMenuModel } from './menuModel';
import { createMenuSearch, searchEntries } from './useMenuSearch';

const meta = (title: string) => ({ title, icon: '', noCache: false, link: null, roles: [], affix: false, breadcrumb: true });
const routers: RouterVo[] = [
  { name: 'Opportunity', path: '/opportunity', hidden: false, component: 'Layout', alwaysShow: true, meta: meta('Opportunity'), children: [{ name: 'OpportunityIndex', path: 'opportunity-index', hidden: false, component: 'crm/opportunity/index', meta: meta('Opportunity') }, { name: 'OpportunityDetail', path: 'opportunity-detail', hidden: true, component: 'crm/opportunity/detail', meta: meta('Opportunity Detail') }] },
  { name: 'System', path: '/system', hidden: false, component: 'Layout', alwaysShow: true, meta: meta('System'), children: [{ name: 'User', path: 'user', hidden: false, component: 'system/user/index', meta: meta('Users') }] },
  { name: 'Dashboard', path: '/dashboard', hidden: false, component: 'Layout', meta: meta('Dashboard'), children: [{ name: 'DashboardIndex', path: 'dashboard-index', hidden: false, component: 'crm/dashboard/index', meta: meta('Dashboard') }] },
];

describe('menu search', () => {
  let search: ReturnType<typeof createMenuSearch>;
  beforeAll(async () => {
    await loadAllLanguages();
    search = createMenuSearch(searchEntries(buildMenuModel(routers)));
  });
  it('finds a page from a misspelt title', () => {
    expect(search('Dashbord')[0]!.path).toBe('/dashboard/dashboard-index');
    expect(search('oportunity')[0]!.path).toBe('/opportunity/opportunity-index');
  });
  it('finds pages by their Chinese titles too', () => {
    expect(search('用户')[0]!.path).toBe('/system/user');
    expect(search('首页')[0]!.path).toBe('/home');
  });
  it('leaves out hidden pages and finds nothing for nonsense', () => {
    expect(search('Opportunity Detail').map((e) => e.path)).not.toContain('/opportunity/opportunity-detail');
    expect(search('zzzzqqq')).toEqual([]);
    expect(search('  ')).toEqual([]);
  });
});
