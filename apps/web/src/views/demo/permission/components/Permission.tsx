import type { ReactNode } from 'react';
import { hasDemoRole, useDemoRole } from './demoRole';

/** vue-element-admin's `v-permission` directive as a component: renders its children only for the listed roles. */
export default function Permission({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const role = useDemoRole();
  return hasDemoRole(role, roles) ? <>{children}</> : null;
}
