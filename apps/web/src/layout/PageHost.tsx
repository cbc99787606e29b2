import { Spin } from 'antd';
import { lazy, memo, Suspense, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, type Location } from 'react-router';
import ErrorBoundary from '../components/ErrorBoundary';
import { maxTabsStore } from '../store/maxTabs';
import { addView, tabKeyOf, tagsStore, type VisitedView } from '../store/tagsView';
import { PageContext } from './PageContext';
import { TabContext } from './TabContext';
import { constantPages } from './routes/constantPages';
import type { MenuPage } from './routes/menuModel';
import { menuTitle } from './routes/menuTitle';
import { resolvePath } from './routes/resolvePath';
import { useMenuModel } from './routes/useMenuModel';
import { loadView } from './routes/views';
import { setPageTitle } from '../utils/pageTitle';

// Loaded when a page is refused, not with the shell: it draws antd's Result (and its illustrations).
const NoPermissionPage = lazy(() => import('../views/error/NoPermissionPage'));

const lazyViews = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyView(component: string) {
  let view = lazyViews.get(component);
  if (!view) lazyViews.set(component, (view = lazy(() => loadView(component).then((c) => ({ default: c })))));
  return view;
}

function toLocation(fullPath: string): Location {
  const url = new URL(fullPath, window.location.origin);
  return { pathname: url.pathname, search: url.search, hash: '', state: null, key: fullPath };
}

/**
 * One page of the shell. Its own <Routes location> gives the page the location of its tab, so a
 * page kept alive in the background keeps reading its own path and query: the active page the
 * router's location, the others their tab's address. Memoised: the shell draws again whenever its
 * tabs or settings change (a tab opened or named, the tab cap read) — three times on a full load
 * of a list — and each time it drew every kept page again with it, a list's 20 rows included.
 */
const KeptPage = memo(function KeptPage({ page, tabKey, fullPath, location, active }: { page: MenuPage; tabKey: string; fullPath: string; location: Location | null; active: boolean }) {
  // lazyView returns one stable lazy component per view path, so the page keeps its state.
  const View = lazyView(page.component);
  const own = useMemo(() => location ?? toLocation(fullPath), [location, fullPath]);
  return (
    <div className="app-page" hidden={!active} data-page={page.fullPath} data-tab={tabKey}>
      <TabContext.Provider value={tabKey}>
        <PageContext.Provider value={page}>
          <ErrorBoundary>
            <Suspense fallback={<Spin className="app-page-loading" />}>
              <Routes location={own}>
                {/* eslint-disable-next-line react-hooks/static-components -- stable per view path (lazyView) */}
                <Route path="*" element={<View />} />
              </Routes>
            </Suspense>
          </ErrorBoundary>
        </PageContext.Provider>
      </TabContext.Provider>
    </div>
  );
});

/**
 * The pages of the signed-in area. Keep-alive: pages of open tabs stay mounted (hidden) so that
 * they keep their state — filters, scroll, half-filled forms — unless their route says noCache;
 * closing a tab unmounts its page and "refresh" remounts it.
 */
export default function PageHost() {
  const location = useLocation();
  const model = useMenuModel();
  const views = tagsStore.use();
  const { i18n } = useTranslation();
  const resolution = resolvePath(location.pathname, model);
  const active = resolution.kind === 'page' ? resolution.page : null;
  const fullPath = location.pathname + location.search;
  // Each record of a record page is a tab of its own, with its own instance of the page.
  const activeKey = active ? tabKeyOf(active.fullPath, location.search) : null;
  const maxTabs = maxTabsStore.use();
  // Pages shown at least once. A tab not yet opened (the affixed Home and Documentation on a first
  // visit to a list) has no state to keep, so its page loads when it is first opened, not with
  // whichever page the visit began on (issue 15, bench/wireSize.ts).
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  if (activeKey && !shown.has(activeKey)) setShown(new Set(shown).add(activeKey));

  useEffect(() => {
    if (active && activeKey) addView({ key: activeKey, fullPath, path: active.fullPath, name: active.name, title: active.title, affix: active.affix, noCache: active.noCache }, maxTabs);
  }, [active, activeKey, fullPath, maxTabs]);

  // The browser's title: the page's own name for its tab (a record's, usePageTitle), else its menu title.
  const activeLabel = views.find((v) => v.key === activeKey)?.label;
  useEffect(() => {
    const titled = active ?? (resolution.kind === 'noPermission' ? { name: 'Page401', title: 'Page401' } : null);
    if (titled) setPageTitle(activeLabel ?? menuTitle(titled));
  }, [active, activeLabel, resolution.kind, i18n.language]);

  const pagesByPath = useMemo(() => new Map([...constantPages, ...model.pages].map((p) => [p.fullPath, p])), [model]);

  if (resolution.kind === 'redirect') return <Navigate to={resolution.to + location.search} replace />;
  if (resolution.kind === 'notFound') return <Navigate to="/404" replace />;

  const mounted: VisitedView[] = views.filter((v) => v.key === activeKey || (!v.noCache && pagesByPath.has(v.path) && shown.has(v.key)));
  if (active && activeKey && !mounted.some((v) => v.key === activeKey)) {
    mounted.push({ key: activeKey, fullPath, path: active.fullPath, name: active.name, title: active.title, affix: active.affix, noCache: active.noCache, version: 0 });
  }
  return (
    <>
      {resolution.kind === 'noPermission' && (
        <Suspense fallback={null}>
          <NoPermissionPage />
        </Suspense>
      )}
      {mounted.map((view) => {
        const isActive = view.key === activeKey;
        return <KeptPage key={`${view.key}#${view.version}`} tabKey={view.key} page={pagesByPath.get(view.path)!} active={isActive} fullPath={view.fullPath} location={isActive ? location : null} />;
      })}
    </>
  );
}
