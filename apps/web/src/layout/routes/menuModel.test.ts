import { describe, expect, it } from 'vitest';
import type { RouterVo } from '@orbit/shared/contract/auth';
import { activeEntry, buildMenuModel, foldersAbove } from './menuModel';
import { resolvePath } from './resolvePath';

const meta = (title: string, extra: Partial<RouterVo['meta']> = {}) => ({ title, icon: 'x', noCache: false, link: null, roles: [], affix: false, breadcrumb: true, ...extra });
const routers: RouterVo[] = [
  {
    name: 'Leads', path: '/Leads', hidden: false, component: 'Layout', alwaysShow: true, redirect: 'noRedirect', meta: meta('Leads'),
    children: [
      { name: 'LeadsIndex', path: 'leads-index', hidden: false, component: 'crm/leads/index', meta: meta('Leads') },
      { name: 'LeadsDetail', path: 'leads-detail', hidden: true, component: 'crm/leads/detail', meta: meta('Leads Detail', { noCache: true }) },
    ],
  },
  {
    name: 'Setup', path: '/setup', hidden: false, component: 'Layout', alwaysShow: true, meta: meta('Setup'),
    children: [
      { name: 'SetupLeads', path: 'index-leads', hidden: false, component: 'ParentView', alwaysShow: true, meta: meta('Leads'), children: [{ name: 'LeadsFields', path: 'leads-fields', hidden: false, component: 'setup/fields/index', meta: meta('Leads Page Layout') }] },
      { name: 'LogLogin', path: 'log-login', hidden: false, component: 'monitor/logininfor/index', meta: meta('Login Log') },
    ],
  },
  { name: '', path: '/', hidden: false, component: 'Layout', meta: meta(''), children: [{ name: 'Dashboard', path: 'dashboard', hidden: false, component: 'crm/dashboard/index', meta: meta('Dashboard') }] },
  { name: 'Site', path: 'https://example.com', hidden: false, component: 'Layout', meta: meta('Site') },
];

describe('buildMenuModel', () => {
  const model = buildMenuModel(routers);

  it('flattens pages with full paths, parents and cache flags', () => {
    expect(model.pages.map((p) => p.fullPath)).toEqual(['/Leads/leads-index', '/Leads/leads-detail', '/setup/index-leads/leads-fields', '/setup/log-login', '/dashboard', 'https://example.com']);
    const fields = model.pages.find((p) => p.name === 'LeadsFields')!;
    expect(fields.parents.map((d) => d.name)).toEqual(['Setup', 'SetupLeads']);
    expect(fields.component).toBe('setup/fields/index');
    expect(model.pages.find((p) => p.name === 'LeadsDetail')).toMatchObject({ hidden: true, noCache: true });
    expect(model.pages.find((p) => p.name === 'Site')!.link).toBe('https://example.com');
  });

  it('builds the sidebar tree without hidden pages; a top-level wrapper shows its page directly', () => {
    expect(model.tree.map((n) => n.key)).toEqual(['/Leads/leads-index', '/setup', '/dashboard', 'https://example.com']);
    expect(model.tree[1]!.children!.map((n) => n.key)).toEqual(['/setup/index-leads/leads-fields', '/setup/log-login']);
  });

  it('draws a directory holding one visible page as that page’s link, under the directory’s name, at any depth', () => {
    expect(model.tree[0]).toEqual({ key: '/Leads/leads-index', name: 'Leads', title: 'Leads', icon: 'x', link: null });
    expect(model.tree[1]!.children![0]).toMatchObject({ key: '/setup/index-leads/leads-fields', name: 'SetupLeads', title: 'Leads' });
    expect(model.tree[1]!.children![0]!.children).toBeUndefined();
    // Two visible pages: still a folder.
    const two = buildMenuModel([{ ...routers[0]!, children: [routers[0]!.children![0]!, { ...routers[0]!.children![1]!, hidden: false }] }]);
    expect(two.tree[0]!.children!.map((n) => n.key)).toEqual(['/Leads/leads-index', '/Leads/leads-detail']);
  });

  it('directories know their first page (for breadcrumbs and bare directory paths)', () => {
    expect(model.dirs.find((d) => d.name === 'Setup')!.firstPage).toBe('/setup/index-leads/leads-fields');
  });

  it('takes pins and breadcrumbs from the route meta (SPEC §3)', () => {
    const withMeta: RouterVo[] = [
      {
        name: 'Leads', path: '/Leads', hidden: false, component: 'Layout', alwaysShow: true, meta: meta('Leads', { breadcrumb: false }),
        children: [{ name: 'LeadsIndex', path: 'leads-index', hidden: false, component: 'crm/leads/index', meta: meta('Leads', { affix: true }) }],
      },
    ];
    const built = buildMenuModel(withMeta);
    expect(built.dirs[0]).toMatchObject({ name: 'Leads', breadcrumb: false });
    expect(built.pages[0]).toMatchObject({ name: 'LeadsIndex', affix: true, breadcrumb: true });
    expect(model.pages.every((p) => !p.affix && p.breadcrumb)).toBe(true);
  });

  it('shows a route listing roles only to a user holding one of them (SPEC §6); no roles listed, everyone', () => {
    const byRole: RouterVo[] = [
      { name: 'Open', path: '/open', hidden: false, component: 'demo/open', meta: meta('Open') },
      { name: 'Editors', path: '/editors', hidden: false, component: 'demo/editors', meta: meta('Editors', { roles: ['admin', 'editor'] }) },
      {
        name: 'Perm', path: '/perm', hidden: false, component: 'Layout', alwaysShow: true, meta: meta('Perm', { roles: ['admin'] }),
        children: [{ name: 'PermPage', path: 'page', hidden: false, component: 'demo/page', meta: meta('Page') }],
      },
    ];
    const names = (roles?: string[]) => buildMenuModel(byRole, false, false, roles).pages.map((p) => p.name);
    expect(names(['visitor'])).toEqual(['Open']);
    expect(names(['editor'])).toEqual(['Open', 'Editors']);
    expect(names(['admin'])).toEqual(['Open', 'Editors', 'PermPage']);
    expect(buildMenuModel(byRole, false, false, ['visitor']).tree.map((n) => n.name)).toEqual(['Open']);
  });
});

describe('resolvePath', () => {
  const model = buildMenuModel(routers);
  it('finds server pages and constant pages', () => {
    expect(resolvePath('/Leads/leads-index', model)).toMatchObject({ kind: 'page', page: { name: 'LeadsIndex' } });
    expect(resolvePath('/Leads/leads-index/', model)).toMatchObject({ kind: 'page', page: { name: 'LeadsIndex' } });
    expect(resolvePath('/documentation/index', model)).toMatchObject({ kind: 'page', page: { name: 'Documentation', affix: true } });
    expect(resolvePath('/guide/index', model)).toMatchObject({ kind: 'page', page: { noCache: true } });
    expect(resolvePath('/user/profile', model)).toMatchObject({ kind: 'page', page: { component: 'system/user/profile/index' } });
  });
  it('redirects / to the home alias, directories to their first page, /redirect/* to the rest', () => {
    expect(resolvePath('/', model)).toEqual({ kind: 'redirect', to: '/home/index-redirect/index' });
    expect(resolvePath('/home/index-redirect/index', model)).toEqual({ kind: 'redirect', to: '/home' });
    expect(resolvePath('/setup', model)).toEqual({ kind: 'redirect', to: '/setup/index-leads/leads-fields' });
    expect(resolvePath('/redirect/Leads/leads-index', model)).toEqual({ kind: 'redirect', to: '/Leads/leads-index' });
  });
  it('answers no permission inside product areas and not found elsewhere', () => {
    expect(resolvePath('/system/user', model)).toEqual({ kind: 'noPermission' });
    expect(resolvePath('/opportunity/opportunity-index', model)).toEqual({ kind: 'noPermission' });
    expect(resolvePath('/nowhere', model)).toEqual({ kind: 'notFound' });
    // An administrator's menu is the whole menu: a path missing from it does not exist.
    const whole = buildMenuModel(routers, true);
    expect(resolvePath('/system/typo', whole)).toEqual({ kind: 'notFound' });
    expect(resolvePath('/Leads/leads-index', whole)).toMatchObject({ kind: 'page' });
    expect(resolvePath('https://example.com', model)).toEqual({ kind: 'notFound' });
  });
});

describe('activeEntry (the sidebar entry a page highlights)', () => {
  const system: RouterVo = {
    name: 'System', path: '/system', hidden: false, component: 'Layout', alwaysShow: true, meta: meta('System'),
    children: [
      { name: 'User', path: 'user', hidden: false, component: 'system/user/index', meta: meta('Users') },
      { name: 'Dict', path: 'dict', hidden: false, component: 'system/dict/index', meta: meta('Dictionaries') },
      { name: 'DictData', path: 'dict-data', hidden: true, component: 'system/dict/data', meta: meta('Dictionary Data') },
      { name: 'Orphan', path: 'orphan', hidden: true, component: 'system/orphan/index', meta: meta('Orphan') },
    ],
  };
  const model = buildMenuModel([...routers, system]);
  const page = (fullPath: string) => model.pages.find((p) => p.fullPath === fullPath)!;

  it('is the page itself when visible', () => {
    expect(activeEntry(page('/system/dict'), model)).toBe('/system/dict');
  });
  it('is the visible page of the same view folder for a hidden page', () => {
    expect(activeEntry(page('/system/dict-data'), model)).toBe('/system/dict');
    expect(activeEntry(page('/Leads/leads-detail'), model)).toBe('/Leads/leads-index');
  });
  it("falls back to the directory's first page", () => {
    expect(activeEntry(page('/system/orphan'), model)).toBe('/system/user');
  });
});

describe('the template demo folder (a top-level folder without a path of its own)', () => {
  const demo: RouterVo[] = [
    {
      name: 'TemplateDemo', path: '/', hidden: false, component: 'Layout', alwaysShow: true, meta: meta('Template demo'),
      children: [
        { name: 'Icons', path: 'icon/index', hidden: false, component: 'demo/icon/index', meta: meta('Icons') },
        { name: 'Charts', path: 'charts', hidden: false, component: 'ParentView', alwaysShow: true, meta: meta('Charts'), children: [
          { name: 'LineChart', path: 'line', hidden: false, component: 'demo/charts/line', meta: meta('Line Chart') },
          { name: 'MixChart', path: 'mixchart', hidden: false, component: 'demo/charts/mixchart', meta: meta('Mix Chart') },
        ] },
      ],
    },
  ];
  const model = buildMenuModel(demo);

  it('keeps its pages’ addresses and is drawn as a folder', () => {
    expect(model.pages.map((p) => p.fullPath)).toEqual(['/icon/index', '/charts/line', '/charts/mixchart']);
    expect(model.tree).toHaveLength(1);
    expect(model.tree[0]).toMatchObject({ name: 'TemplateDemo', children: [{ key: '/icon/index' }, { key: '/charts' }] });
  });

  it('is opened with the folders above the page shown', () => {
    expect(foldersAbove(model.tree, '/charts/line')).toEqual(['/', '/charts']);
    expect(foldersAbove(model.tree, '/icon/index')).toEqual(['/']);
    expect(foldersAbove(model.tree, '/nowhere')).toEqual([]);
  });
});
