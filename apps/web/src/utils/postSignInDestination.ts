/**
 * Where the sign-in page sends a signed-in user (SPEC §4): with `?id=&module=` to the detail page
 * of that module (0 leads, 1 opportunity, 2 account, 3 task, 4 campaign, anything else report),
 * otherwise to `?redirect=` when it is a path of this app, otherwise home.
 */
export const MODULE_DETAIL_PATHS: Readonly<Record<string, string>> = {
  '0': '/Leads/leads-detail',
  '1': '/opportunity/opportunity-detail',
  '2': '/account/account-detail',
  '3': '/task/task-detail',
  '4': '/campaign/campaign-detail',
};
export const REPORT_DETAIL_PATH = '/report/report-detail';
/** Session-storage key under which the report detail page finds the report id (SPEC §4). */
export const REPORT_ID_STORAGE_KEY = 'reportId';
export const HOME_PATH = '/';

export type SignInDestination = { path: string; reportId?: string };

/** A made-up origin to resolve against: where a value lands shows whether it leaves the app. */
const PROBE_ORIGIN = 'http://orbit.invalid';

/**
 * The path inside this app that `value` leads to as a browser reads it, or undefined: never another
 * site (`//host`, `/\host`, `/<tab>/host`: browsers drop tabs and line breaks and read `\` as `/`),
 * never back to the sign-in page. The router refuses to go anywhere else, which left the page
 * where it was.
 */
export function appPath(value: string | null): string | undefined {
  if (!value?.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN || /^\/login(?:\/|$)/.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

export function postSignInDestination(query: URLSearchParams): SignInDestination {
  const id = query.get('id');
  if (id) {
    const detail = MODULE_DETAIL_PATHS[query.get('module') ?? ''];
    const search = `?${new URLSearchParams({ flag: 'detail', id }).toString()}`;
    return detail ? { path: detail + search } : { path: REPORT_DETAIL_PATH + search, reportId: id };
  }
  return { path: appPath(query.get('redirect')) ?? HOME_PATH };
}

/** Carries out the storage part of a destination; returns the path to navigate to. */
export function enterDestination(destination: SignInDestination, storage: Storage = sessionStorage): string {
  if (destination.reportId) storage.setItem(REPORT_ID_STORAGE_KEY, destination.reportId);
  return destination.path;
}
