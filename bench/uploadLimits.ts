/**
 * Hostile uploads against the real server (issue 27, items 2 and 3), its own process under the
 * same 96 MB V8 heap as the import and export benchmarks, on a fresh PostgreSQL database:
 *
 * 1. the user import (`/system/user/importData`, RuoYi's and Orbit's) of the issue's file: 1.39
 *    million rows of 7 cells, ~4 MB of xlsx. Loaded whole, it took the process from 157 MB to
 *    3.77 GB of RSS in 89 s; streamed, the reader stops at the row past the 1,000-row cap.
 * 2. the record import's upload of the issue's zip bomb: 600 MB of `<row r="3"/>` in ~1.2 MB,
 *    both headers declaring 1,000 bytes (it was parsed whole: 200 after 69 s).
 * 3. the record import's upload of a shared-string bomb: one 100,000-character string given by
 *    every cell of 100 rows × 200 columns (the text handed out counts against the same limit).
 *
 * Each answer's time and the server's peak RSS (VmHWM) after it. Fails when an answer is not the
 * refusal expected, takes more than 10 s, or the peak passes 250 MB.
 */
import { readFileSync } from 'node:fs';
import { createDeflateRaw } from 'node:zlib';
import { workbookParts, zip, zipBomb, type Deflated } from '../apps/server/test/helpers/hostileZip';
import { withBenchDatabase } from './lib/benchDatabase';
import { startAppServer } from './lib/benchServers';

const TARGET = { seconds: 10, rssMb: 250 };
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Deflates generated XML as it is made (never held whole). */
async function deflated(pieces: Iterable<string>): Promise<Deflated> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let size = 0;
  for (const piece of pieces) {
    size += Buffer.byteLength(piece);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  // 'end', not end()'s callback: the last output comes after the input has finished.
  const ended = new Promise((resolve) => deflate.once('end', resolve));
  deflate.end();
  await ended;
  return { deflated: Buffer.concat(out), size };
}

/** The issue's user file: a header of the template's columns, then 1.39 million rows of 7 shared-string cells. */
async function millionUsers(rows = 1_390_000): Promise<Buffer> {
  const headers = ['Department', 'User name', 'Nickname', 'E-mail', 'Phone number', 'Sex', 'Status'];
  const values = ['Sales East', 'bulk.user', 'Bulk User', 'bulk@example.com', '15800000000', 'Female', 'Normal'];
  const strings = `<sst ${NS}>${[...headers, ...values].map((t) => `<si><t>${t}</t></si>`).join('')}</sst>`;
  function* sheet() {
    const letters = 'ABCDEFG';
    yield `<worksheet ${NS}><sheetData>`;
    yield `<row r="1">${headers.map((_, i) => `<c r="${letters[i]}1" t="s"><v>${i}</v></c>`).join('')}</row>`;
    // Cells without a reference (it is optional: each is the next column), as some writers save them.
    const cells = values.map((_, i) => `<c t="s"><v>${7 + i}</v></c>`).join('');
    let chunk = '';
    for (let r = 2; r <= rows + 1; r++) {
      chunk += `<row r="${r}">${cells}</row>`;
      if (chunk.length > 64 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}</sheetData></worksheet>`;
  }
  return zip(workbookParts(await deflated(sheet()), { 'xl/sharedStrings.xml': strings }));
}

/** One 100,000-character shared string in each of 200 cells of 100 rows. */
function sharedStringBomb(): Buffer {
  const strings = `<sst ${NS}><si><t>${'x'.repeat(100_000)}</t></si></sst>`;
  const cells = (r: number) => Array.from({ length: 200 }, (_, c) => `<c r="${columnOf(c)}${r}" t="s"><v>0</v></c>`).join('');
  const rows = Array.from({ length: 100 }, (_, i) => `<row r="${i + 1}">${cells(i + 1)}</row>`).join('');
  return zip(workbookParts(`<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`, { 'xl/sharedStrings.xml': strings }));
}

function columnOf(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

type Case = { name: string; short: string; url: string; file: Buffer; expected: string };

let summary = '';
await withBenchDatabase({ fill: async () => undefined }, async (_database, url) => {
  const app = await startAppServer(url, { NODE_OPTIONS: `--max-old-space-size=${process.env.BENCH_SERVER_HEAP_MB ?? 96}` });
  try {
    const login = await fetch(`${app.url}/dev-api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
    const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const cases: Case[] = [
      { name: 'user import, 1.39 M rows × 7 cells', short: 'user import of 1.39 M rows', url: '/system/user/importData?updateSupport=0', file: await millionUsers(), expected: 'At most 1000 users can be imported at once' },
      { name: 'record import, zip bomb (600 MB declared 1,000 B)', short: 'zip bomb', url: '/crm/leads/import', file: zipBomb(600), expected: 'The workbook is too large once unpacked: please split it into smaller files' },
      { name: 'record import, shared-string bomb', short: 'shared-string bomb', url: '/crm/leads/import', file: sharedStringBomb(), expected: 'The workbook is too large once unpacked: please split it into smaller files' },
    ];
    const idle = rssMb(app.pid!);
    console.log(`\nserver idle: RSS ${idle.toFixed(0)} MB`);
    const misses: string[] = [];
    const figures: string[] = [];
    for (const c of cases) {
      const form = new FormData();
      form.append('file', new Blob([c.file]), 'hostile.xlsx');
      const started = performance.now();
      const res = await fetch(`${app.url}/dev-api${c.url}`, { method: 'POST', headers: auth, body: form });
      const answer = (await res.json()) as { code: number; msg: string };
      const seconds = (performance.now() - started) / 1000;
      const peak = peakMb(app.pid!);
      console.log(`${c.name} (${(c.file.length / 1024 / 1024).toFixed(1)} MB): ${answer.code} "${answer.msg}" in ${seconds.toFixed(1)} s, peak RSS ${peak.toFixed(0)} MB`);
      figures.push(`${c.short} refused in ${seconds.toFixed(1)} s`);
      if (answer.msg !== c.expected) misses.push(`${c.name}: answered "${answer.msg}"`);
      if (seconds > TARGET.seconds) misses.push(`${c.name}: ${seconds.toFixed(1)} s`);
      if (peak > TARGET.rssMb) misses.push(`${c.name}: peak RSS ${peak.toFixed(0)} MB`);
    }
    if (misses.length) process.exitCode = 1;
    summary = `uploadLimits: ${figures.join(', ')}; peak RSS ${peakMb(app.pid!).toFixed(0)} MB (idle ${idle.toFixed(0)} MB)${misses.length ? `; missed: ${misses.join('; ')}` : ''}`;
  } finally {
    await app.stop();
  }
});
if (summary) console.log(`\n${summary}`);
