import { queryClient } from '../../app/queryClient';
import i18n from '../../i18n/i18n';
import { preloadDashboard } from '../../views/crm/dashboard/preloadDashboard';
import { preloadRecordPage } from '../../views/crm/engine/preloadRecordPage';
import { rememberDashboardLabels, rememberedDashboardLabels } from './warmStart';

/**
 * Starts the first requests of the pages that would otherwise make them in a chain as they render
 * (issue 36, item 15; bench/pageLoad.ts): a records list or record page, and the dashboards. Called
 * by the route's loader while the page's code is still loading (on a full load, with the view the
 * address opened last time, before the session's menu is in: warmStart.ts); other pages are left
 * alone. On the dashboards the labels its widgets needed last time are asked for at once too.
 * `landingDashboard`: the user's landing dashboard (getInfo's `defaultDashboardId`).
 */
export function preloadPage(component: string, search: URLSearchParams, landingDashboard: number | null): void {
  if (component === 'crm/dashboard/index') preloadDashboard(queryClient, landingDashboard, i18n.language, rememberedDashboardLabels(), rememberDashboardLabels);
  else preloadRecordPage(queryClient, component, search, i18n.language);
}
