/**
 * `npm run bench`: runs every benchmark in this folder (each `*.ts` file but this one) one after
 * another, each in its own process, and fails when any of them fails (over budget, say).
 * `npm run bench -- dbRestart userList` runs only the benchmarks named; other arguments are passed on.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const all = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.d.ts') && !f.endsWith('.test.ts'))
  .sort();
const benchFile = (arg: string) => all.find((f) => f === arg || f === `${arg}.ts`);
const args = process.argv.slice(2);
const named = args.map(benchFile).filter((f) => f !== undefined);
const passedOn = args.filter((arg) => !benchFile(arg));
const benches = named.length ? named : all;
const failed: string[] = [];
for (const bench of benches) {
  console.log(`\n=== ${bench}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, bench), ...passedOn], { stdio: 'inherit' });
  if (result.status !== 0) failed.push(bench);
}
// A single benchmark's own last line (the leads figures, say) stays the last line.
if (benches.length > 1) console.log(`\n${benches.length - failed.length} of ${benches.length} benchmarks within budget${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
process.exit(failed.length ? 1 : 0);
