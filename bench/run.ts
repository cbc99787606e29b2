/**
 * `npm run bench`: runs every benchmark in this folder (each `*.ts` file but this one) one after
 * another, each in its own process, and fails when any of them fails (over budget, say).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
  .sort();
const failed: string[] = [];
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, bench), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(bench);
}
console.log(`\n${benches.length - failed.length} of ${benches.length} benchmarks within budget${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
