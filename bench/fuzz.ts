/**
 * The long pass of the route fuzzer (apps/server/test/security/fuzzRoutes.test.ts): every route of
 * the OpenAPI document with `FUZZ_RUNS` hostile requests each (default 200) on PostgreSQL; fails on
 * any 5xx or stack trace. CI runs the same property with 4 requests per route on both databases.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = process.env.FUZZ_RUNS ?? '200';
const began = performance.now();
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'apps/server/test/security/fuzzRoutes.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, TEST_DATABASE: process.env.TEST_DATABASE ?? 'postgres' },
});
console.log(`fuzz: ${runs} hostile requests per route, ${result.status === 0 ? 'no 5xx and no stack trace' : 'FAILED'} (${((performance.now() - began) / 1000).toFixed(0)} s)`);
process.exit(result.status ?? 1);
