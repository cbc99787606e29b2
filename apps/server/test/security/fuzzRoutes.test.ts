import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; required?: string[] };
type Operation = { parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; schema?: Schema }>; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Call = { method: string; path: string; operation: Operation };

/**
 * Routes whose success would end the session the fuzzer runs on (or its password), so later calls
 * would only test the sign-in guard. Their input handling is covered by their own tests.
 */
const SPARED = [/\/logout$/, /\/updatePwd$/, /\/resetPwd$/, /\/changeStatus$/];

/** What an attacker sends: boundary numbers, huge and odd text, injection and traversal strings. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    "' OR 1=1 --",
    '1; drop table sys_user; --',
    '") or ("1"="1',
    '../../../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    '{"$gt":""}',
    '-1',
    '0',
    '1e309',
    'NaN',
    '99999999999999999999999',
    '2026-02-30',
    '9999-12-31T99:99:99Z',
    'ｄｒｏｐ',
    '🙂'.repeat(300),
    'x'.repeat(70_000),
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1.5, Number.MAX_VALUE),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileText, { maxKeys: 4 }),
);

/** A body shaped like the route's schema (every declared property, each a hostile value, plus strays), or any JSON at all. */
function hostileBody(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const shaped = schema?.properties
    ? fc.record(Object.fromEntries(Object.keys(schema.properties).map((name) => [name, hostileValue])), { requiredKeys: [] }).chain((body) =>
        fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 }).map((extra) => ({ ...extra, ...body })),
      )
    : hostileValue;
  return fc.oneof({ weight: 3, arbitrary: shaped }, fc.jsonValue({ maxDepth: 4 }), fc.array(hostileValue, { maxLength: 200 }));
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

/**
 * Property-based fuzzing of every route the OpenAPI document describes, as the administrator (so
 * that requests reach the handlers): random and boundary values, wrong types, missing and extra
 * fields, huge strings and arrays, Unicode and NUL bytes in path, query and body. The property: no
 * answer is a 5xx and none carries a stack trace. A short fixed-seed pass runs here; a longer one
 * is `FUZZ_RUNS=200 npx vitest run --project server test/security/fuzzRoutes.test.ts` (`FUZZ_ROUTES=<regex>`: some routes only).
 */
describe('fuzzing every route of the OpenAPI document', () => {
  let app: TestApp;
  let token: string;
  const calls: Call[] = [];
  beforeAll(async () => {
    app = await createTestApp();
    token = await loginAs(app, 'admin');
    const doc = (await app.inject({ method: 'GET', url: '/dev-api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!SPARED.some((pattern) => pattern.test(path))) calls.push({ method: method.toUpperCase(), path, operation });
      }
    }
  }, 120_000);
  afterAll(() => app.teardown());

  it('covers the routes of issue 30 (contacts): merge, duplicate rules, contact roles, campaign members, search, conversion', () => {
    const described = calls.map((c) => `${c.method} ${c.path}`);
    for (const route of [
      'POST /dev-api/crm/contact/merge',
      'POST /dev-api/crm/leads/merge',
      'POST /dev-api/crm/contact',
      'PUT /dev-api/crm/contact',
      'GET /dev-api/setup/{module}/duplicateRules',
      'POST /dev-api/setup/{module}/duplicateRules',
      'PUT /dev-api/setup/{module}/duplicateRules',
      'DELETE /dev-api/setup/{module}/duplicateRules/{id}',
      'GET /dev-api/crm/opportunity/{id}/contact-roles',
      'GET /dev-api/crm/opportunity/{id}/contact-roles/candidates',
      'POST /dev-api/crm/opportunity/{id}/contact-roles',
      'PUT /dev-api/crm/opportunity/{id}/contact-roles/{roleId}',
      'DELETE /dev-api/crm/opportunity/{id}/contact-roles/{roleId}',
      'GET /dev-api/crm/contact/{id}/opportunity-roles',
      'POST /dev-api/crm/campaign/{id}/members',
      'POST /dev-api/crm/contact/mass/addToCampaign',
      'POST /dev-api/crm/account/{id}/contacts/addToCampaign',
      'GET /dev-api/crm/contact/{id}/campaigns',
      'GET /dev-api/crm/search',
      'GET /dev-api/crm/search/results',
      'GET /dev-api/crm/leads/convert/contacts/{id}',
      'POST /dev-api/crm/leads/convert',
    ]) {
      expect(described).toContain(route);
    }
  });

  it('answers no route with a 5xx or a stack trace', async () => {
    expect(calls.length).toBeGreaterThan(100);
    const runs = Number(process.env.FUZZ_RUNS ?? 4);
    // `FUZZ_ROUTES=<regex>`: a longer pass over some routes only (e.g. FUZZ_ROUTES='merge|contact-roles').
    const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;
    const failures: string[] = [];
    for (const [index, call] of calls.entries()) {
      if (only && !only.test(call.path)) continue;
      const params = (call.operation.parameters ?? []).filter((p) => p.in !== 'header');
      const bodySchema = call.operation.requestBody?.content?.['application/json']?.schema;
      const request = fc.record({
        path: fc.record(Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, hostileText]))),
        query: fc.record(Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, hostileValue])), { requiredKeys: [] }),
        body: hostileBody(bodySchema),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ path, query, body }) => {
          const url = call.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(path[name] ?? 'x')).slice(0, 2000) || 'x');
          const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, textOf(v).slice(0, 4000)])).toString();
          const res = await app.inject({
            method: call.method as 'GET',
            url: search ? `${url}?${search}` : url,
            headers: { ...bearer(token), 'content-type': 'application/json' },
            ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: JSON.stringify(body) ?? 'null' }),
          });
          if (res.statusCode === 401) token = await loginAs(app, 'admin'); // a route may have ended the session after all
          const stack = /\n\s+at .+\(|node_modules|\.ts:\d+/.test(res.body);
          if (res.statusCode >= 500 || stack) {
            failures.push(`${call.method} ${call.path} → ${res.statusCode}: ${res.body.slice(0, 200)}`);
            return false;
          }
          return true;
        }),
        { numRuns: runs, seed: 20261125 + index, endOnFailure: true },
      ).catch(() => undefined); // collected above, reported together below
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
