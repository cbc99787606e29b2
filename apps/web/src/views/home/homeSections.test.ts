import type { RouterVo } from '@orbit/shared/contract/auth';
import { describe, expect, it } from 'vitest';
import { homeSections } from './homeSections';

const route = (name: string, path: string, extra: Partial<RouterVo> = {}): RouterVo => ({
  name,
  path,
  hidden: false,
  component: 'Layout',
  meta: { title: name, icon: '', noCache: false, link: null, roles: [], affix: false, breadcrumb: true },
  ...extra,
});

describe('homeSections', () => {
  it('lists each visible top-level area with its first visible page and page count', () => {
    const routers = [
      route('System', '/system', {
        children: [route('User', 'user', { component: 'system/user/index' }), route('Role', 'role', { component: 'system/role/index' }), route('Secret', 'secret', { hidden: true })],
      }),
      route('Hidden', '/hidden', { hidden: true, children: [route('X', 'x')] }),
      route('Leads', '/Leads', { children: [route('LeadsIndex', 'leads-index', { component: 'leads/index' })] }),
      route('Link', 'https://example.com', { component: 'Layout' }),
    ];
    expect(homeSections(routers)).toEqual([
      { name: 'System', title: 'System', path: '/system/user', pages: 2 },
      { name: 'Leads', title: 'Leads', path: '/Leads/leads-index', pages: 1 },
    ]);
  });

  it('skips a directory whose pages are all hidden', () => {
    expect(homeSections([route('Dir', '/dir', { children: [route('A', 'a', { hidden: true })] })])).toEqual([]);
  });

  it('names a top-level page’s card by the page, not its wrapper, so that it is translated', () => {
    const routers = [route('CalendarRoot', '/', { children: [route('Calendar', 'calendar', { component: 'crm/calendar/index' })] })];
    expect(homeSections(routers)).toEqual([{ name: 'Calendar', title: 'Calendar', path: '/calendar', pages: 1 }]);
  });
});
