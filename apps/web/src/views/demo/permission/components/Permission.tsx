import type { ReactNode } from 'react';
import { demoRoleStore, hasDemoRole } from './demoRole';

/** vue-element-admin's `v-permission` directive as a component: renders its children only for the listed roles. */
export default function Permission({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const role = demoRoleStore.use();
  return hasDemoRole(role, roles) ? <>{children}</> : null;
}
