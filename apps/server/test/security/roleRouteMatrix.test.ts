import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, bearer, type TestApp } from '../helpers/testApp';

/** One seeded user per seeded role (docs/api-admin.md, demo users). */
const ROLE_USERS: Array<[string, string]> = [
  ['admin', 'admin'],
  ['it admin', 'it.admin'],
  ['sales manager', 'emma.stone'],
  ['sales rep', 'olivia.park'],
  ['marketing', 'mia.chen'],
  ['read-only', 'sophia.reed'],
];

/** A route's path with every parameter filled: the guard answers before parameters are even read. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '999999999').replace(/\*$/, 'x');

/**
 * Every API route the server registers (new modules are covered without editing this file), called
 * as every seeded role and anonymously: the answer must be what the route's declared access says.
 * A refusal comes from the guard before any handler runs, so calling writes as a role that lacks
 * their permission changes nothing; routes a role may use are called only when they read (GET), to
 * show the guard does not refuse them either.
 */
describe('role × route matrix', () => {
  let app: TestApp;
  const roles: Array<{ role: string; token: string; permissions: Set<string> }> = [];
  beforeAll(async () => {
    app = await createTestApp();
    for (const [role, user] of ROLE_USERS) {
      const token = await loginAs(app, user);
      const info = await app.inject({ method: 'GET', url: '/dev-api/getInfo', headers: bearer(token) });
      roles.push({ role, token, permissions: new Set(info.json().permissions as string[]) });
    }
  }, 120_000);
  afterAll(() => app.teardown());

  const apiRoutes = () => app.routeAccess.filter((r) => r.url.startsWith('/dev-api/'));
  const allows = (permissions: Set<string>, needed: string | string[]) =>
    permissions.has('*:*:*') || (Array.isArray(needed) ? needed : [needed]).some((p) => permissions.has(p));

  it('refuses every non-public route without a session (401)', async () => {
    const unexpected: string[] = [];
    for (const route of apiRoutes().filter((r) => r.access !== 'public')) {
      const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      if (res.statusCode !== 401) unexpected.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(unexpected).toEqual([]);
  });

  it('refuses every permission route to every role without its permission (403), and lets the roles that have it read', async () => {
    const unexpectedAllows: string[] = [];
    const unexpectedRefusals: string[] = [];
    let refusalsChecked = 0;
    for (const route of apiRoutes()) {
      const access = route.access;
      if (access === undefined || access === 'public' || access === 'authenticated') continue;
      for (const { role, token, permissions } of roles) {
        const allowed = allows(permissions, access.permission);
        if (allowed && route.method !== 'GET') continue;
        const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: bearer(token) });
        if (!allowed) {
          refusalsChecked++;
          if (res.statusCode !== 403) unexpectedAllows.push(`${role}: ${route.method} ${route.url} → ${res.statusCode}`);
        } else if (res.statusCode === 401 || res.statusCode === 403) unexpectedRefusals.push(`${role}: ${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(unexpectedAllows).toEqual([]);
    expect(unexpectedRefusals).toEqual([]);
    // The matrix really ran: the sales rep alone lacks most administration permissions.
    expect(refusalsChecked).toBeGreaterThan(200);
  }, 300_000);
});
