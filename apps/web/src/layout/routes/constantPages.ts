import type { MenuPage } from './menuModel';

/**
 * Pages every signed-in user has (SPEC §2 "Always-available routes"), in the same shape as the
 * server's pages. Their titles are route names translated under `menu.`; components are view paths.
 */
const page = (fullPath: string, name: string, component: string, extra: Partial<MenuPage> = {}): MenuPage => ({
  fullPath,
  name,
  title: name,
  icon: '',
  component,
  hidden: true,
  noCache: false,
  affix: false,
  breadcrumb: true,
  link: null,
  parents: [],
  ...extra,
});

export const HOME_PATH = '/home';
/** The global search's full results (`?q=`), opened from the search palette's "See all results". */
export const SEARCH_RESULTS_PATH = '/search/results';

/**
 * My day (views/myDay): a seller's start page. Not every user's — only one with a day to show
 * (MY_DAY_PERMISSIONS) — so the menu model adds it (menuModel.ts) rather than this list.
 */
export const MY_DAY_PATH = '/my-day';
export const myDayPage = page(MY_DAY_PATH, 'MyDay', 'myDay/MyDayPage', { affix: true, noCache: true, icon: 'calendar' });

export const constantPages: MenuPage[] = [
  page(HOME_PATH, 'Home', 'home/HomePage', { affix: true, icon: 'dashboard' }),
  page('/documentation/index', 'Documentation', 'documentation/DocumentationPage', { affix: true, icon: 'documentation' }),
  page('/guide/index', 'Guide', 'guide/GuidePage', { noCache: true, icon: 'guide' }),
  page('/search', 'Search', 'search/SearchPage', { icon: 'search' }),
  page(SEARCH_RESULTS_PATH, 'SearchResults', 'search/SearchResultsPage', { icon: 'search', noCache: true }),
  page('/user/profile', 'Profile', 'system/user/profile/index', { icon: 'user' }),
  page('/401', 'Page401', 'error/NoPermissionPage', { noCache: true }),
];

/** Paths that only redirect. */
export const aliases: Record<string, string> = {
  '/': '/home/index-redirect/index',
  '/home/index-redirect/index': HOME_PATH,
  '/search/index': '/search',
};

/**
 * First path segments of the product's server-built areas. A signed-in user opening such a path
 * without a menu entry for it gets the no-permission page; any other unknown path is a 404.
 */
export const PRODUCT_AREAS = ['my-day', 'leads', 'opportunity', 'account', 'contact', 'activity', 'task', 'campaign', 'report', 'dashboard', 'setup', 'system', 'monitor', 'tool'];

/** First path segments of the template demo's pages (SPEC §2): another role's, like a product area's. */
export const DEMO_AREAS = ['permission', 'icon', 'components', 'charts', 'nested', 'example', 'tab', 'error', 'error-log', 'excel', 'zip', 'pdf', 'theme', 'clipboard', 'i18n'];
