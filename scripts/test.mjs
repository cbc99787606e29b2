// `npm test`: every test, in steps — unit and server tests on embedded PGlite, the server tests
// again on real PostgreSQL, then a build (web app and server bundle) and the Chromium end-to-end tests. Ends with one
// line `N passed, N failed` over all steps.
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
const steps = [
  { name: 'unit-and-server-pglite', args: ['--project', 'shared', '--project', 'web', '--project', 'server'], env: {} },
  { name: 'server-postgres', args: ['--project', 'server'], env: { TEST_DATABASE: 'postgres' } },
  { name: 'build', command: ['npm', 'run', 'build'] },
  { name: 'e2e', args: ['--project', 'e2e'], env: {} },
].filter((s) => !only.length || only.includes(s.name));

/** Runs one vitest step, its output shown as it comes and kept for the summary. */
function runVitest(step, out) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...step.args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
      cwd: root,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    const chunks = [];
    const keep = (stream) => (chunk) => {
      stream.write(chunk);
      chunks.push(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (status, signal) => resolve({ status, signal, output: Buffer.concat(chunks).toString('utf8') }));
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

let passed = 0;
let failed = 0;
let broken = false;
/** One line per step for the end of the output: a failure names its step and why. */
const report = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  if (step.command) {
    const r = spawnSync(step.command[0], step.command.slice(1), { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) {
      broken = true;
      failed += 1; // the steps after it cannot run: count the step itself
      report.push(`step ${step.name}: FAILED (exit ${r.status ?? r.signal}); the steps after it did not run`);
      break;
    }
    report.push(`step ${step.name}: ok`);
    continue;
  }
  const out = path.join(resultsDir, `${step.name}.json`);
  const r = await runVitest(step, out);
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
  passed += stepPassed;
  failed += stepFailed;
  if (r.status !== 0) broken = true;
  report.push(`step ${step.name}: ${stepPassed} passed, ${stepFailed} failed${why.length ? `\n${why.join('\n')}` : ''}`);
}

console.log(`\n${report.join('\n')}`);

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed ? 1 : 0);
