import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: { type?: string } };
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
    const body = res.json() as { rows?: Array<{ id: number }>; data?: Array<{ id: number }> };
    const id = body.rows?.[0]?.id ?? (Array.isArray(body.data) ? body.data[0]?.id : undefined);
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
    for (const list of lists) {
      const path = await withIds(list.path, token);
      if (!path) continue; // nothing of that kind to open as this user
      // Plain values for what the list requires (a role's users need the role, a search its text).
      const required = Object.fromEntries(
        list.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, p.schema?.type === 'integer' ? (requiredIds[p.name] ?? '1') : (REQUIRED_TEXT[p.name] ?? 'a')]),
      );
      // What the list holds for this user with nothing asked of it (a campaign's "children" and the like need a value).
      const baseline = await call(`${path}?${new URLSearchParams(required)}`, token);
      if (baseline.code !== 200) continue; // refused to this user whatever the parameters: nothing to widen
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
    expect(listsAttacked).toBeGreaterThanOrEqual(user === 'admin' ? lists.length : 12);
    expect(attacks).toBeGreaterThan(listsAttacked * PAYLOADS.length);
    // …and the statements were watched: many payloads were answered from the database, as bound values.
    expect(answeredFromDatabase).toBeGreaterThan(100);
  }, 600_000);
});
