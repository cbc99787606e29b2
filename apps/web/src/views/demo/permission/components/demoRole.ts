import { createStore } from '../../../../store/createStore';

/** The template demo's mock roles (SPEC §6). */
export const DEMO_ROLES = ['admin', 'editor', 'visitor'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

const KEY = 'demo-role';
const stored = localStorage.getItem(KEY);

/** The role the permission demo plays (its switch), remembered in local storage. */
export const demoRoleStore = createStore<DemoRole>(DEMO_ROLES.includes(stored as DemoRole) ? (stored as DemoRole) : 'admin');

export function switchDemoRole(role: DemoRole): void {
  localStorage.setItem(KEY, role);
  demoRoleStore.set(role);
}

/** The permission directive's rule: shown when the role is one of those listed. */
export const hasDemoRole = (role: DemoRole, roles: readonly string[]) => roles.includes(role);
