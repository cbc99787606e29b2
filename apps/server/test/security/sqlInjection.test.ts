import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fileInboundMail } from '../../src/modules/crm/email/inbound/inboundStore';
import { bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: { type?: string; enum?: string[] } };
type Answer = { status: number; code?: number; size?: number; ms: number };

/** In every payload, so that a statement whose text holds it shows request text spliced into SQL. */
const MARKER = 'orbitinj';
/** How long the sleeping payloads would hold a statement if they ran: far above any honest answer. */
const SLEEP_SECONDS = 10;

/** The classic shapes: tautologies, stacked statements, comments, unions, quote escapes, time-based. */
const PAYLOADS = [
  `${MARKER}' OR '1'='1`,
  `${MARKER}' OR 1=1 --`,
  `${MARKER}") OR ("1"="1`,
  `${MARKER}'; select pg_sleep(${SLEEP_SECONDS}); --`,
  `${MARKER}' || (select pg_sleep(${SLEEP_SECONDS})) || '`,
  `${MARKER}%' OR '%'='`,
  `${MARKER}\\' OR 1=1 --`,
  `${MARKER}' union select null, usename, passwd from pg_shadow --`,
  `${MARKER}$$ OR true --`,
];
/** Sort keys: a column name with SQL after it, a quoted identifier breaking out, a time-based expression. */
const SORT_PAYLOADS = [
  `createTime; select pg_sleep(${SLEEP_SECONDS}) -- ${MARKER}`,
  `"createTime" desc, (select pg_sleep(${SLEEP_SECONDS})) -- ${MARKER}`,
  `case when (select true) then 1 else 2 end -- ${MARKER}`,
];
/** Where the sort key is given. */
const SORT_PARAMETERS = new Set(['orderByColumn', 'isAsc']);
/** Numbers (paging, ids) are refused by their schema before any handler: not string parameters. */
const isStringParameter = (p: Parameter) => p.in === 'query' && p.schema?.type !== 'integer';
/** Routes that send mail or build or send a file rather than read a list (an attachment's `?inline=`). */
const NOT_LISTS = [/\/sendCode$/, /\/resendCode$/, /\/import\/template$/, /\/crm\/attachment\/\{id\}$/];

/** Plain values for required text parameters whose format is checked (a calendar's range); others get 'a'. */
const REQUIRED_TEXT: Record<string, string> = { start: '2026-11-01', end: '2026-11-30' };

/** Rows an answer carries: a page's total, or the length of a tree/array answer. */
function sizeOf(body: { total?: unknown; rows?: unknown; data?: unknown }): number | undefined {
  if (typeof body.total === 'number') return body.total;
  if (Array.isArray(body.rows)) return body.rows.length;
  if (Array.isArray(body.data)) return body.data.length;
  return undefined;
}

/**
 * An SQL-injection corpus through every string parameter and sort key of every list the OpenAPI
 * document describes (issue 15, "Hostile input"), as the administrator and as a sales
 * representative who sees only her own records: no answer is a 5xx; none finds more than the same
 * list without the payload (no widened results, which a tautology that reached SQL would give the
 * representative); no statement the database ran holds the payload's text (values travel as bound
 * parameters, identifiers come from the server's own metadata); no sleeping payload slowed an answer.
 */
describe('an SQL-injection corpus through every list', () => {
  const statements: string[] = [];
  let app: TestApp;
  const lists: Array<{ path: string; parameters: Parameter[] }> = [];
  /** Real ids for the integer parameters a list requires (a notice's readers need a notice); others get 1. */
  const requiredIds: Record<string, string> = {};
  beforeAll(async () => {
    app = await createTestApp({}, { onStatement: (text) => void statements.push(text) });
    const notice = await app.inject({ method: 'POST', url: '/dev-api/system/notice', headers: bearer(await loginAs(app, 'admin')), payload: { noticeTitle: 'Corpus', noticeType: '1' } });
    requiredIds.noticeId = String(notice.json().data);
    // An e-mail template to preview (its preview is a list of one: it takes the record's module as text).
    const template = { name: 'Corpus', subject: 'Hello {{lead.lastName}}', body: '<p>Hi</p>', language: 'en', shared: true };
    await app.inject({ method: 'POST', url: '/dev-api/crm/email/template', headers: bearer(await loginAs(app, 'admin')), payload: template });
    const doc = (await app.inject({ method: 'GET', url: '/dev-api/openapi.json' })).json() as { paths: Record<string, { get?: { parameters?: Parameter[] } }> };
    for (const [path, methods] of Object.entries(doc.paths)) {
      const parameters = methods.get?.parameters ?? [];
      if (parameters.some(isStringParameter) && !NOT_LISTS.some((pattern) => pattern.test(path))) lists.push({ path, parameters });
    }
  }, 120_000);
  afterAll(() => app.teardown());

  /** A real id for a `{id}` in the path: the first row of the list beside it. */
  async function withIds(path: string, token: string): Promise<string | undefined> {
    if (!path.includes('{id}')) return path;
    const listPath = path.replace(/\/\{id\}.*$/, '/list');
    const res = await app.inject({ method: 'GET', url: listPath, headers: bearer(token) });
    type Row = { id?: number; templateId?: number };
    const body = res.json() as { rows?: Row[]; data?: Row[] };
    const first = body.rows?.[0] ?? (Array.isArray(body.data) ? body.data[0] : undefined);
    const id = first?.id ?? first?.templateId;
    return id === undefined ? undefined : path.replace('{id}', String(id));
  }

  /** A text field of the list's module to carry the payload inside a `filter` condition: its first name field. */
  async function filterField(path: string, token: string): Promise<string> {
    const module = /\/crm\/(\w+)\//.exec(path)?.[1];
    const res = await app.inject({ method: 'GET', url: `/dev-api/crm/meta/${module}`, headers: bearer(token) });
    return res.statusCode === 200 ? ((res.json() as { data?: { nameFields?: string[] } }).data?.nameFields?.[0] ?? 'name') : 'name';
  }

  async function call(url: string, token: string): Promise<Answer> {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
    const ms = performance.now() - started;
    const body = res.statusCode === 200 ? (res.json() as { code?: number; total?: unknown; rows?: unknown; data?: unknown }) : {};
    return { status: res.statusCode, code: body.code, size: body.code === 200 ? sizeOf(body) : undefined, ms };
  }

  it.each(['admin', 'olivia.park'])('as %s: no 5xx, no widened list, no payload in any statement, no sleep', async (user) => {
    expect(lists.length).toBeGreaterThanOrEqual(30);
    const token = await loginAs(app, user);
    const failures: string[] = [];
    let attacks = 0;
    let listsAttacked = 0;
    let answeredFromDatabase = 0;
    const unreached: string[] = [];
    for (const list of lists) {
      const path = await withIds(list.path, token);
      if (!path) {
        unreached.push(`${list.path}: no id to open`);
        continue; // nothing of that kind to open as this user
      }
      // Plain values for what the list requires (a role's users need the role, a search its text, a choice one of its values).
      const required = Object.fromEntries(
        list.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, p.schema?.type === 'integer' ? (requiredIds[p.name] ?? '1') : (REQUIRED_TEXT[p.name] ?? p.schema?.enum?.[0] ?? 'a')]),
      );
      // What the list holds for this user with nothing asked of it (a campaign's "children" and the like need a value).
      const baseline = await call(`${path}?${new URLSearchParams(required)}`, token);
      if (baseline.code !== 200) {
        unreached.push(`${list.path}: ${baseline.status} ${baseline.code}`);
        continue; // refused to this user whatever the parameters: nothing to widen
      }
      listsAttacked += 1;
      for (const parameter of list.parameters.filter(isStringParameter)) {
        const payloads = SORT_PARAMETERS.has(parameter.name) ? SORT_PAYLOADS : PAYLOADS;
        const field = parameter.name === 'filter' ? await filterField(path, token) : undefined;
        for (const payload of payloads) {
          const value = field ? JSON.stringify({ field, op: 'contains', value: payload }) : payload;
          statements.length = 0;
          const answer = await call(`${path}?${new URLSearchParams({ ...required, [parameter.name]: value })}`, token);
          attacks += 1;
          if (answer.code === 200 && statements.length) answeredFromDatabase += 1;
          const where = `${list.path} ${parameter.name}=${payload}`;
          if (answer.status >= 500) failures.push(`${where}: status ${answer.status}`);
          if (answer.size !== undefined && baseline.size !== undefined && answer.size > baseline.size) failures.push(`${where}: ${answer.size} rows, ${baseline.size} without it`);
          const spliced = statements.find((text) => text.includes(MARKER));
          if (spliced) failures.push(`${where}: ran ${spliced.slice(0, 200)}`);
          if (payload.includes('pg_sleep') && answer.ms >= (SLEEP_SECONDS - 2) * 1000) failures.push(`${where}: answered in ${answer.ms.toFixed(0)} ms`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The corpus reached the lists: a representative still reads the CRM lists, the administrator every list.
    if (user === 'admin') expect(unreached).toEqual([]);
    expect(listsAttacked).toBeGreaterThanOrEqual(user === 'admin' ? lists.length : 12);
    expect(attacks).toBeGreaterThan(listsAttacked * PAYLOADS.length);
    // …and the statements were watched: many payloads were answered from the database, as bound values.
    expect(answeredFromDatabase).toBeGreaterThan(100);
  }, 600_000);

  it('the newer lists (inbox, mass e-mail sends, sharing rules, assignment rules, the workflow run log): payloads in their path parameters, and stored in what they list, never reach SQL as text', async () => {
    const adminToken = await loginAs(app, 'admin');
    const oliviaToken = await loginAs(app, 'olivia.park');
    const as = (token: string) => async (method: string, url: string, payload?: unknown) => {
      const res = await app.inject({ method: method as 'GET', url: `/dev-api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
      return { status: res.statusCode, body: res.json() as { code: number; msg?: string; data?: unknown; rows?: unknown[]; total?: number } };
    };
    const [admin, olivia] = [as(adminToken), as(oliviaToken)];
    const doc = (await app.inject({ method: 'GET', url: '/dev-api/openapi.json' })).json() as { paths: Record<string, { get?: unknown }> };
    const openApiPaths = Object.keys(doc.paths).filter((p) => doc.paths[p]!.get);
    const NEWER = ['/crm/email/inbox', '/crm/email/mass', '/setup/sharing/rules', '/setup/{module}/assignmentRules', '/setup/automation/runs'];
    expect(NEWER.filter((p) => !openApiPaths.includes(`/dev-api${p}`) && !openApiPaths.includes(p))).toEqual([]);
    const failures: string[] = [];
    const watch = async <T extends { status: number }>(what: string, run: () => Promise<T>): Promise<T> => {
      statements.length = 0;
      const answer = await run();
      if (answer.status >= 500) failures.push(`${what}: status ${answer.status}`);
      const spliced = statements.find((text) => text.includes(MARKER));
      if (spliced) failures.push(`${what}: ran ${spliced.slice(0, 200)}`);
      return answer;
    };

    // Path parameters: a module name (or a field's name) that is SQL is refused (400), never run.
    // GET paths with a text path parameter other than an id (`/setup/{module}/assignmentRules`).
    const withPath = openApiPaths.flatMap((path) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => name !== 'id' && !name.endsWith('Id')).map((name) => ({ path, name })));
    expect(withPath.some((p) => p.path.endsWith('/setup/{module}/assignmentRules'))).toBe(true);
    for (const { path, name } of withPath) {
      for (const payload of PAYLOADS) {
        const url = path.replace(/^\/dev-api/, '').replace(`{${name}}`, encodeURIComponent(payload)).replace(/\{\w+\}/g, (m) => (m === '{module}' ? 'leads' : '1'));
        await watch(`${path} ${name}=${payload}`, () => admin('GET', url));
      }
    }

    // Stored payloads: each newer list holds a row made of them, and lists it as data.
    const [role] = ((await app.db.execute(sql`select role_id from sys_role where role_key = 'sales_rep'`)) as unknown as { rows: Array<{ role_id: unknown }> }).rows;
    const [oliviaId] = ((await app.db.execute(sql`select user_id from sys_user where user_name = 'olivia.park'`)) as unknown as { rows: Array<{ user_id: unknown }> }).rows;
    const repLeads = async () => (await olivia('GET', '/crm/leads/list?pageSize=1')).body.total ?? 0;
    const before = await repLeads();
    const lead = (await admin('POST', '/crm/leads', { lastName: 'Injected', company: PAYLOADS[0], email: 'lead@inj.example' })).body.data as number;
    for (const [i, payload] of PAYLOADS.entries()) {
      const filter = { field: 'company', op: 'contains', value: payload };
      const rule = await watch(`sharing rule ${payload}`, () => admin('POST', '/setup/sharing/rules', { name: `${payload} ${i}`.slice(0, 100), module: 'leads', filter, recipientKind: 'role', recipientId: Number(role!.role_id), canWrite: false }));
      expect(rule.body.code).toBe(200);
      const assignment = await watch(`assignment rule ${payload}`, () => admin('POST', '/setup/leads/assignmentRules', { name: `${payload} ${i}`.slice(0, 100), conditions: filter, target: 'user', targetId: Number(oliviaId!.user_id) }));
      expect(assignment.body.code).toBe(200);
      await watch(`inbound mail ${payload}`, async () => {
        const outcome = await fileInboundMail(app.db, app.fileStore, {
          messageId: `<${i}.${MARKER}@inj.example>`, inReplyTo: null, references: [`<${payload}@inj.example>`], subject: payload,
          fromAddress: 'olivia.park@example.com', from: 'Olivia Park <olivia.park@example.com>', to: [`${payload}@inj.example`], cc: [],
          addresses: ['olivia.park@example.com', `${payload.replace(/\s/g, '')}@inj.example`], html: `<p>${payload}</p>`, files: [],
        }, ['dropbox@orbit.test']);
        expect(outcome.kind).toBe('inbox');
        return { status: 200 };
      });
    }
    const template = (await admin('POST', '/crm/email/template', { name: `${MARKER} mass`, subject: `${PAYLOADS[0]} {{lead.company}}`, body: `<p>${PAYLOADS[1]}</p>`, language: 'en', shared: true })).body.data as number;
    await watch('mass e-mail', () => admin('POST', '/crm/email/mass', { templateId: template, module: 'leads', ids: [lead] }));
    await app.jobs.drain();

    const listed = async (call: typeof admin, url: string) => {
      const answer = await watch(url, () => call('GET', url));
      expect(answer.body.code, `${url}: ${answer.body.msg}`).toBe(200);
      return JSON.stringify(answer.body);
    };
    expect(await listed(olivia, '/crm/email/inbox')).toContain(MARKER);
    expect(await listed(admin, '/crm/email/mass')).toContain('"queued":1');
    expect(await listed(admin, '/setup/sharing/rules')).toContain(MARKER);
    expect(await listed(admin, '/setup/leads/assignmentRules')).toContain(MARKER);
    await listed(admin, '/setup/automation/runs?pageNum=1&pageSize=50');
    // The rules ran (recalculated, and assigned the lead on its creation) with the payloads as values: none widened the rep's leads.
    expect(await repLeads()).toBeLessThanOrEqual(before + 1);
    expect(failures).toEqual([]);
  }, 600_000);
});
