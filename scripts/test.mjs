// `npm test`: every test, in steps — unit and server tests on embedded PGlite, a build (web app and
// server bundle), then the server tests again on real PostgreSQL beside the Chromium end-to-end
// tests. Ends with one line `N passed, N failed` over all steps.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- server-postgres` runs one step
// Steps run in stages, one after another; the steps of one stage run side by side. The server
// tests on PostgreSQL and the browser tests each leave part of the two cores idle (one waits on
// the database server, the other on page renders), so together they take far less than in turn.
const stages = [
  [{ name: 'unit-and-server-pglite', args: ['--project', 'shared', '--project', 'web', '--project', 'server'], env: {} }],
  [{ name: 'build', command: ['npm', 'run', 'build'] }],
  [
    { name: 'server-postgres', args: ['--project', 'server'], env: { TEST_DATABASE: 'postgres' } },
    { name: 'e2e', args: ['--project', 'e2e'], env: {} },
  ],
]
  .map((stage) => stage.filter((s) => !only.length || only.includes(s.name)))
  .filter((stage) => stage.length);

/**
 * Runs one vitest step, its output kept for the summary and shown as it comes when `live`; a step
 * run beside another shows its output whole when it ends, so the two never interleave.
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
      if (!live) process.stdout.write(`\n=== ${step.name} (ran beside another step; its whole output) ===\n${output}`);
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
for (const stage of stages) {
  console.log(`\n=== ${stage.map((s) => s.name).join(' + ')} ===`);
  const [command] = stage.filter((s) => s.command);
  if (command) {
    const r = spawnSync(command.command[0], command.command.slice(1), { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) {
      broken = true;
      failed += 1; // the steps after it cannot run: count the step itself
      report.push(`step ${command.name}: FAILED (exit ${r.status ?? r.signal}); the steps after it did not run`);
      break;
    }
    report.push(`step ${command.name}: ok`);
    continue;
  }
  const results = await Promise.all(stage.map((step, i) => vitestStep(step, i === 0)));
  for (const r of results) {
    passed += r.passed;
    failed += r.failed;
    broken ||= r.broken;
    report.push(r.line);
  }
}

console.log(`\n${report.join('\n')}`);

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed ? 1 : 0);
