/**
 * Leads at ten million (issue 37, "Lists at ten million"): the manager's filtered list under load
 * against the *naive* list in a bare node-postgres handler — an exact `count(*)` and the offset
 * page, what a list costs without a count threshold —, then alone: the rep's list, quick search,
 * a deep page (page 5,000 read after page 4,999's cursor, against page 1) and the total count.
 *
 *   BENCH_ROWS (default 10000000)  DATABASE_URL / BENCH_KEEP_DB=1 (benchDatabase.ts)
 *   BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS (underLoad.ts)
 *
 * The fill is leadsFill.ts's: PostgreSQL writes the rows itself (`insert … select … from
 * generate_series`, 100,000 a statement, indexes built after), which needs no client to stream
 * them and is faster than COPY from one.
 */
import './lib/scaleRows';
import { BENCH_ROWS } from './lib/benchDatabase';
import { startBareHandler } from './lib/benchServers';
import { withEngineBench } from './lib/engineBench';
import { engineAgainstBare, loadLine } from './lib/httpLoad';
import { fillLeads, leadsFilled } from './lib/leadsFill';
import type { ListStatements } from './lib/sqlCapture';
import { signInAll } from './lib/signIn';
import { medianMs } from './lib/timing';
import { LOAD } from './lib/underLoad';

const TARGET = { listRatio: 1.0, p99Ratio: 1.2, deepPageTimes: 2, countMs: 100 };
const RUNS = 7;
const MANAGER = 'emma.stone';
const REP = 'olivia.park';
const COLUMNS = 'lastName,firstName,company,email,phone,status,rating,ownerId,createTime';
const DEEP_PAGE = 5000;
const PAGE_SIZE = 20;

const filter = (node: unknown) => JSON.stringify(node);
const listUrl = (query: Record<string, string>) => `/crm/leads/list?${new URLSearchParams({ pageNum: '1', pageSize: String(PAGE_SIZE), fields: COLUMNS, ...query })}`;
/** The manager's filtered, sorted list (leads.ts's list under load). */
const MANAGER_LIST = {
  filter: filter({ and: [{ field: 'status', op: 'in', value: ['new', 'contacted'] }, { field: 'createTime', op: 'relative', value: 'last7Days' }] }),
  orderByColumn: 'annualRevenue',
  isAsc: 'desc',
};

/**
 * The naive list of the same request: the engine's count, limited to its threshold, made the
 * exact `count(*)` over every matching row (the limit, its last parameter, dropped).
 */
function naive(statements: ListStatements): ListStatements {
  const capped = /^select count\(\*\) as count from \(select 1 from (.+) limit \$\d+\) matching$/s.exec(statements.count.text);
  if (!capped) throw new Error(`the engine's count is not the capped one: ${statements.count.text}`);
  return { count: { text: `select count(*) as count from ${capped[1]}`, values: statements.count.values.slice(0, -1) }, page: statements.page };
}

let summary = '';
await withEngineBench({ fill: fillLeads, isFilled: leadsFilled }, async ({ databaseUrl, app, capture, pool }) => {
  const tokens = await signInAll(app.url, [MANAGER, REP]);
  const headers = (user: string) => ({ authorization: `Bearer ${tokens.get(user)}` });
  const get = async (user: string, url: string) => {
    const body = (await (await fetch(`${app.url}/dev-api${url}`, { headers: headers(user) })).json()) as { code: number; msg?: string; total: number; nextCursor?: string };
    if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
    return body;
  };

  // Under load: the engine (capped count, page) against the naive list in bare SQL.
  const managerUrl = listUrl(MANAGER_LIST);
  const statements = naive(await capture.list(managerUrl, tokens.get(MANAGER)!, 'crm_lead'));
  const bareServer = await startBareHandler(databaseUrl, statements);
  let loaded;
  try {
    console.log(`\nunder load: the manager's filtered list, ${LOAD.connections} connections, against the naive list in bare SQL`);
    loaded = await engineAgainstBare({ engine: app.url, bare: bareServer.url }, `/dev-api${managerUrl}`, { ...LOAD, headers: headers(MANAGER) });
  } finally {
    await bareServer.stop();
  }
  const listRatio = loaded.engine.requestsPerSecond / loaded.bare.requestsPerSecond;
  const p99Ratio = loaded.engine.p99 / Math.max(1, loaded.bare.p99);

  // Alone: each list's request, and the deep page after its page before's cursor.
  const alone = async (name: string, user: string, url: string) => {
    const requestMs = await medianMs(RUNS, () => get(user, url));
    console.log(`${name.padEnd(44)} ${requestMs.toFixed(1).padStart(8)} ms`);
    return requestMs;
  };
  console.log('');
  await alone("manager's filtered list", MANAGER, managerUrl);
  await alone("rep's list (mine)", REP, listUrl({ owner: 'mine' }));
  await alone('quick search "thomps"', MANAGER, listUrl({ q: 'thomps' }));
  const firstMs = await alone('page 1, all leads by company', MANAGER, listUrl({ orderByColumn: 'company', isAsc: 'asc' }));
  const before = await get(MANAGER, listUrl({ orderByColumn: 'company', isAsc: 'asc', pageNum: String(DEEP_PAGE - 1) }));
  if (!before.nextCursor) throw new Error(`the list has fewer than ${DEEP_PAGE - 1} pages: fill more rows (BENCH_ROWS)`);
  const deepMs = await alone(`page ${DEEP_PAGE.toLocaleString('en')}, after page ${DEEP_PAGE - 1}'s cursor`, MANAGER, listUrl({ orderByColumn: 'company', isAsc: 'asc', pageNum: String(DEEP_PAGE), after: before.nextCursor }));
  const countStatement = (await capture.list(listUrl({}), tokens.get(MANAGER)!, 'crm_lead')).count;
  const countMs = await medianMs(RUNS, () => pool.query(countStatement.text, countStatement.values));
  console.log(`${"the manager's total count (to the threshold)".padEnd(44)} ${countMs.toFixed(1).padStart(8)} ms`);

  console.log(`\n${loadLine('engine', loaded.engine)}\n${loadLine('naive bare', loaded.bare)}`);
  const misses = [
    listRatio < TARGET.listRatio && `list ratio ${listRatio.toFixed(2)} < ${TARGET.listRatio}`,
    p99Ratio > TARGET.p99Ratio && `p99 ratio ${p99Ratio.toFixed(2)} > ${TARGET.p99Ratio}`,
    deepMs > TARGET.deepPageTimes * firstMs && `deep page ${deepMs.toFixed(1)} ms > ${TARGET.deepPageTimes} × page 1`,
    countMs > TARGET.countMs && `count ${countMs.toFixed(1)} ms > ${TARGET.countMs} ms`,
  ].filter((m): m is string => Boolean(m));
  if (misses.length) {
    console.log(`\nmissed: ${misses.join('; ')}`);
    process.exitCode = 1;
  }
  summary = `scale: rows ${BENCH_ROWS.toLocaleString('en')}, list ratio ${listRatio.toFixed(2)} of naive bare SQL, p99 ratio ${p99Ratio.toFixed(2)}, deep page ${deepMs.toFixed(1)} ms (page 1 ${firstMs.toFixed(1)} ms), count ${countMs.toFixed(1)} ms`;
});
if (summary) console.log(`\n${summary}`);
