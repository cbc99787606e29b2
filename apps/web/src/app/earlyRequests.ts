import { isCrmModule } from '@orbit/shared/crm/modules';
import { PALETTE_SETTING_KEY } from '@orbit/shared/palette';
import { askEarly } from '../api/request';
import { rememberedDashboardLabels, rememberedPage } from '../layout/routes/warmStart';
import { getToken } from '../utils/auth';
import { isGuardedPath } from './guards';

/** A records page by its view path (`crm/leads/index`, `crm/leads/detail`), as preloadRecordPage reads it. */
const RECORD_PAGE = /^crm\/([a-z]+)\/(index|detail)$/;

/** The first requests of the page this address opened last time: those its preload makes before any answer. */
function pageRequests(pathname: string, search: URLSearchParams): string[] {
  const guess = rememberedPage(pathname);
  if (!guess) return [];
  if (guess.component === 'crm/dashboard/index') {
    // The list that says which dashboard opens, and the one that opened last time (its data is the slowest answer).
    const opened = rememberedDashboardLabels()?.opened;
    return ['/crm/dashboard/list', ...(opened ? [`/crm/dashboard/${opened}/data`] : [])];
  }
  const [, module, kind] = RECORD_PAGE.exec(guess.component) ?? [];
  if (!isCrmModule(module)) return [];
  const id = Number(search.get('id'));
  return [`/crm/meta/${module}`, ...(kind === 'detail' && Number.isSafeInteger(id) && id > 0 ? [`/crm/${module}/${id}`] : [])];
}

/**
 * A full load of a signed-in address asks, as the app's first script runs, for what it would ask
 * first anyway: the session (user info, menu, the organisation's palette: store/session.ts) and
 * what the route's preload asks for before any answer of its own, for the page the address opened
 * last time (layout/routes/warmStart.ts) — a records page's metadata (and record), the dashboards
 * and the dashboard that opened. Each call finds its answer waiting (api/earlyAnswers.ts) instead
 * of going out once the texts, the router and the route's code (with antd's and the contracts'
 * chunks, which it imports) have loaded; the rows and dictionaries a list asks for once its
 * metadata is in are then answered before the page first renders, and it renders once, with them
 * (bench/pageLoad.ts). Only these few: the server answers requests one after another, and asked
 * for all at once, the page's later ones kept the session from being answered sooner.
 */
export function startEarlyRequests(): void {
  const { pathname, search } = window.location;
  if (!getToken() || !isGuardedPath(pathname)) return;
  askEarly(['/getRouters', `/system/config/configKey/${PALETTE_SETTING_KEY}`, '/getInfo', ...pageRequests(pathname, new URLSearchParams(search))]);
}
