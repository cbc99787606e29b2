// `npm test`: every test, in steps — a build (web app and server bundle), then the unit tests, the
// whole server suite on real PostgreSQL (through PgBouncer) and the server tests of the database
// layer again on embedded PGlite, with the Chromium end-to-end tests (on the embedded database)
// beside them. Ends with one line `N passed, N failed` over all steps.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { hasPgBouncer, startPgBouncer } from './pgbouncer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/**
 * The server tests that run on embedded PGlite as well (docs/decisions.md, "The server suite runs
 * whole on PostgreSQL, its database layer on PGlite too"): PGlite is the same PostgreSQL compiled
 * to WebAssembly, so the SQL of a feature behaves alike on both; what differs is beneath it — one
 * connection, the driver, migrations and seeding, backups, the job queue's locking, imports'
 * batches, set-up's DDL, the engine's generated SQL (filters, formulas, roll-ups, search) and
 * reports. Those files run on both; every end-to-end test runs the whole product on PGlite too.
 */
const PGLITE_FILES = [
  'test/db/', 'test/backup/', 'test/process/', 'test/jobs/', 'test/demo/', 'test/report/', 'test/files/',
  'test/crm/records.', 'test/crm/lists.', 'test/crm/listCountAndCursor.', 'test/crm/filterCompiler.', 'test/crm/import',
  'test/crm/setup.', 'test/crm/formulaFields.', 'test/crm/rollupFields.', 'test/crm/globalSearch.', 'test/crm/sharing',
  'test/crm/export', 'test/crm/conversion.', 'test/crm/board.', 'test/security/sqlInjection.',
].map((f) => `apps/server/${f}`);

/**
 * Browser test files that run at the end of the first lane (after the PGlite step) rather than
 * beside it: the browser tests were the longer lane (39.2 min against 33.6 for the unit, PostgreSQL
 * and PGlite steps on session 31's machine, the whole run 41 min), and their longest file moved over
 * evens the lanes. Still two processes at a time: it runs beside the rest of the browser tests.
 */
const E2E_FIRST_LANE = ['e2e/tests/accessibility.e2e.ts'];

const only = process.argv.slice(2); // e.g. `npm test -- server-postgres` runs one step; `e2e` runs both of its steps
const step = {
  build: { name: 'build', command: ['npm', 'run', 'build'] },
  unit: { name: 'unit', args: ['--project', 'shared', '--project', 'web'], env: {} },
  pglite: { name: 'server-pglite', args: ['--project', 'server', ...PGLITE_FILES], env: {} },
  // Through PgBouncer in transaction pooling where it is installed (.ci/run installs it): docs/scaling.md.
  postgres: { name: 'server-postgres', args: ['--project', 'server'], env: { TEST_DATABASE: 'postgres' }, pooler: true },
  e2e: { name: 'e2e', args: ['--project', 'e2e', ...E2E_FIRST_LANE.flatMap((f) => ['--exclude', `**/${path.basename(f)}`])], env: {} },
  e2eFirstLane: { name: 'e2e-first-lane', group: 'e2e', args: ['--project', 'e2e', ...E2E_FIRST_LANE], env: {} },
};
// Stages run one after another; a stage's lanes run side by side, each lane's steps in turn. The
// browser tests run one file at a time and leave most of a core idle (they wait on page renders),
// and so do the server tests (on the database, or PGlite's one connection): measured, the unit
// and server steps used 1.3 of the two cores. So the browser tests run from the start beside
// the other steps rather than after them; only they need the build. Two lanes, not more: with the
// unit tests in a third lane (three busy processes on two cores) every step took twice as long and
// the whole run 65 minutes instead of about 40 (docs/decisions.md, "Two lanes on two cores"). The
// PGlite files follow the unit and PostgreSQL steps, which balances the lanes since the unit tests
// stopped matching antd's whole CSS in jsdom (measured: unit 8.4 min, PostgreSQL 9.1, PGlite 3.8,
// browser tests 22.6; before, with PGlite after the browser tests: 33.8, 20.5, 5.0 and 53.4).
const stages = [[[step.build]], [[step.unit, step.postgres, step.pglite, step.e2eFirstLane], [step.e2e]]]
  .map((stage) => stage.map((lane) => lane.filter((s) => !only.length || only.includes(s.name) || only.includes(s.group))).filter((lane) => lane.length))
  .filter((stage) => stage.length);

/**
 * Runs one vitest step, its output kept for the summary and shown as it comes when `live`; the
 * output of a step in a lane beside the first is shown whole when the stage ends, so that the
 * lanes' outputs never interleave.
 */
function runVitest(step, out, live) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...step.args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    const chunks = [];
    const keep = (stream) => (chunk) => {
      if (live) stream.write(chunk);
      chunks.push(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (status, signal) => {
      const output = Buffer.concat(chunks).toString('utf8');
      resolve({ status, signal, output });
    });
  });
}

/**
 * Vitest's "Unhandled Errors" block, repeated in the summary: a flaky one is otherwise lost in
 * a long CI log that is often read only by its end.
 */
function unhandledErrors(output) {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const start = lines.findIndex((line) => /Unhandled (Errors?|Rejection)/.test(line));
  return start < 0 ? ['(no "Unhandled" block in the output: the process crashed or was killed)'] : lines.slice(start, start + 30).filter((line) => line.trim());
}

/** Runs one vitest step and counts it: `why` names each failed test and its reason. */
async function vitestStep(step, live) {
  const out = path.join(resultsDir, `${step.name}.json`);
  const started = Date.now();
  const r = await runVitest(step, out, live);
  let stepFailed = 0;
  let stepPassed = 0;
  const why = [];
  if (existsSync(out)) {
    const json = JSON.parse(readFileSync(out, 'utf8'));
    stepPassed = json.numPassedTests;
    stepFailed += json.numFailedTests;
    for (const file of json.testResults) {
      const rel = path.relative(root, file.name);
      const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
      for (const a of failedTests) {
        why.push(`  ${rel} > ${a.fullName}`);
        // The reason too (its first lines, colours stripped): CI keeps only the tail of the output.
        const reason = stripVTControlCharacters(String(a.failureMessages?.[0] ?? ''));
        for (const line of reason.split('\n').filter((l) => l.trim()).slice(0, 6)) why.push(`      ${line.trim()}`);
      }
      // A file that failed without a failed test (it did not load, or a beforeAll failed and its
      // tests were skipped) counts as one failure.
      if (file.status === 'failed' && !failedTests.length) {
        stepFailed += 1;
        why.push(`  ${rel}: ${String(file.message || 'failed outside its tests').split('\n')[0]}`);
      }
    }
  } else {
    why.push('  no report was written (vitest did not finish)');
  }
  // A step that failed with nothing counted (unhandled errors, a crash) still counts once.
  if (r.status !== 0 && stepFailed === 0) {
    stepFailed = 1;
    why.push(`  exit ${r.status ?? r.signal} with every test passing: an unhandled error or rejection`);
    why.push(...unhandledErrors(r.output).map((line) => `    ${line}`));
  }
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  return {
    output: live ? '' : `\n=== ${step.name} (ran beside another step; its whole output) ===\n${r.output}`,
    passed: stepPassed,
    failed: stepFailed,
    broken: r.status !== 0,
    line: `step ${step.name}: ${stepPassed} passed, ${stepFailed} failed (${minutes} min)${why.length ? `\n${why.join('\n')}` : ''}`,
  };
}

let passed = 0;
let failed = 0;
let broken = false;
/** One line per step for the end of the output: a failure names its step and why. */
const report = [];
/** Runs a lane's steps in turn; stops it at a failed build, which the steps after it need. */
async function runLane(lane, live) {
  const results = [];
  for (const s of lane) {
    if (s.command) {
      const r = spawnSync(s.command[0], s.command.slice(1), { cwd: root, stdio: 'inherit' });
      if (r.status !== 0) {
        // the steps after it cannot run: count the step itself
        results.push({ passed: 0, failed: 1, broken: true, stop: true, line: `step ${s.name}: FAILED (exit ${r.status ?? r.signal}); the steps after it did not run` });
        break;
      }
      results.push({ passed: 0, failed: 0, broken: false, line: `step ${s.name}: ok` });
      continue;
    }
    let bouncer;
    if (s.pooler && hasPgBouncer()) {
      bouncer = await startPgBouncer();
      s.env = { ...s.env, TEST_PG_POOLER_URL: bouncer.url };
      console.log(`${s.name}: through PgBouncer (transaction pooling) on ${bouncer.url}`);
    } else if (s.pooler) console.log(`${s.name}: PgBouncer is not installed, straight to PostgreSQL`);
    try {
      results.push(await vitestStep(s, live));
    } finally {
      await bouncer?.stop();
    }
  }
  return results;
}

for (const stage of stages) {
  console.log(`\n=== ${stage.map((lane) => lane.map((s) => s.name).join(' then ')).join(' + beside it: ')} ===`);
  const lanes = await Promise.all(stage.map((lane, i) => runLane(lane, i === 0)));
  const results = lanes.flat();
  for (const r of results) if (r.output) process.stdout.write(r.output);
  for (const r of results) {
    passed += r.passed;
    failed += r.failed;
    broken ||= r.broken;
    report.push(r.line);
  }
  if (results.some((r) => r.stop)) break;
}

console.log(`\n${report.join('\n')}`);

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed ? 1 : 0);
