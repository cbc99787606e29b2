import type { ComponentType } from 'react';

/**
 * Every page module, loaded lazily by the view path the server gives (component
 * 'system/user/index' → views/system/user/index.tsx, default export). A view that does not exist
 * yet shows the "coming soon" page, so menus work before their modules do. A page's own
 * components and the records engine are not pages: they load with the pages that import them
 * (as lazy entries of their own they became dozens of separately compressed chunks).
 */
type ViewModule = { default: ComponentType };
const modules = import.meta.glob<ViewModule>([
  '../../views/**/*.tsx',
  '!../../views/**/*.test.tsx',
  '!../../views/**/components/**',
  '!../../views/crm/engine/**',
  '!../../views/demo/**',
  '!../../views/system/**',
  '!../../views/setup/**',
  '!../../views/monitor/**',
]);
/**
 * Areas whose pages load together, from a map of their own loaded with the first of them: the
 * template demo's (lazy: each demo page is a file of its own) and the administrators' areas (their
 * pages in the map's own file: views/<area>/<area>Views.ts).
 */
type AreaMap = Record<string, ViewModule | (() => Promise<ViewModule>)>;
const AREAS: Record<string, () => Promise<AreaMap>> = {
  'demo/': async () => (await import('../../views/demo/demoViews')).demoViews,
  'system/': async () => (await import('../../views/system/systemViews')).areaViews,
  'setup/': async () => (await import('../../views/setup/setupViews')).areaViews,
  'monitor/': async () => (await import('../../views/monitor/monitorViews')).areaViews,
};
/** Pages of an area loaded on their own: the profile, which every user opens, not only administrators. */
const ON_THEIR_OWN: Record<string, () => Promise<ViewModule>> = {
  'system/user/profile/index': () => import('../../views/system/user/profile/index'),
};
const pathOf = (component: string) => component.replace(/^\/+|\.tsx$/g, '');

const PLACEHOLDER = 'placeholder/ComingSoonPage';
const loaded = new Map<string, ComponentType>();
const loading = new Map<string, Promise<ComponentType>>();

const keyOf = (component: string) => `../../views/${pathOf(component)}.tsx`;

async function importView(component: string): Promise<ViewModule> {
  const path = pathOf(component);
  const own = ON_THEIR_OWN[path];
  if (own) return own();
  const area = Object.keys(AREAS).find((prefix) => path.startsWith(prefix));
  if (area) {
    const view = (await AREAS[area]!())[`./${path.slice(area.length)}.tsx`];
    if (view) return typeof view === 'function' ? view() : view;
  } else if (keyOf(component) in modules) return modules[keyOf(component)]!();
  return modules[keyOf(PLACEHOLDER)]!();
}

export function loadView(component: string): Promise<ComponentType> {
  const existing = loading.get(component);
  if (existing) return existing;
  const promise = importView(component).then((m) => {
    loaded.set(component, m.default);
    return m.default;
  });
  // A failed chunk (network) may be retried by the next navigation.
  promise.catch(() => loading.delete(component));
  loading.set(component, promise);
  return promise;
}

/** The component when already loaded (no Suspense flash when returning to a page). */
export function loadedView(component: string): ComponentType | undefined {
  return loaded.get(component);
}
