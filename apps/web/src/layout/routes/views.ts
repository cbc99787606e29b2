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
]);
/** The template demo's pages: a map of their own (views/demo/demoViews.ts), loaded with the first of them. */
const DEMO = 'demo/';
const demoKeyOf = (component: string) => `./${component.slice(DEMO.length).replace(/^\/+|\.tsx$/g, '')}.tsx`;

const PLACEHOLDER = 'placeholder/ComingSoonPage';
const loaded = new Map<string, ComponentType>();
const loading = new Map<string, Promise<ComponentType>>();

const keyOf = (component: string) => `../../views/${component.replace(/^\/+|\.tsx$/g, '')}.tsx`;

export function hasView(component: string): boolean {
  return keyOf(component) in modules;
}

async function importView(component: string): Promise<{ default: ComponentType }> {
  if (component.startsWith(DEMO)) {
    const { demoViews } = await import('../../views/demo/demoViews');
    const load = demoViews[demoKeyOf(component)];
    if (load) return load();
  } else if (hasView(component)) return modules[keyOf(component)]!();
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
