import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FAILURE_FILE, MANIFEST_FILE, readManifest, type BackupManifest } from './backupManifest';
import { writeBackup, type BackupSource } from './writeBackup';

/**
 * The embedded database belongs to the one process that opened it: another process opening its
 * folder would corrupt it. So the server on the embedded database leaves its pid in the data
 * directory, and `npm run backup` asks that server for the backup (a request file, then SIGUSR2)
 * instead of opening the database itself; restore and move-to-postgres refuse while it runs.
 */
const PID_FILE = 'server.pid';
const REQUEST_FILE = 'backup-request.json';
const SIGNAL = 'SIGUSR2';

type Log = { info(message: string): void; error(message: string): void };

/** Server side: leaves its pid and answers backup requests; returns what removes the pid file again. */
export function answerBackupRequests(dataDir: string, source: BackupSource, log: Log): () => void {
  const pidFile = path.join(dataDir, PID_FILE);
  writeFileSync(pidFile, String(process.pid));
  let running = false;
  process.on(SIGNAL, () => {
    if (running) return;
    running = true;
    void (async () => {
      const request = path.join(dataDir, REQUEST_FILE);
      const { out } = JSON.parse(await readFile(request, 'utf8')) as { out: string };
      await rm(request, { force: true });
      try {
        await writeBackup(source, dataDir, out);
        log.info(`backup written to ${out}`);
      } catch (error) {
        log.error(`backup to ${out} failed: ${(error as Error).message}`);
        await writeFile(path.join(out, FAILURE_FILE), (error as Error).message).catch(() => undefined);
      }
    })()
      .catch((error: Error) => log.error(`backup request unreadable: ${error.message}`))
      .finally(() => (running = false));
  });
  return () => rmSync(pidFile, { force: true });
}

/** The pid of a live server on the embedded database in `dataDir`, or null. */
export function runningServerOf(dataDir: string): number | null {
  const pidFile = path.join(dataDir, PID_FILE);
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // left behind by a server that did not stop cleanly
  }
}

/** CLI side: has the running server write the backup into `out`, and waits for it. */
export async function backupThroughServer(pid: number, dataDir: string, out: string, timeoutMs = 30 * 60_000): Promise<BackupManifest> {
  await writeFile(path.join(dataDir, REQUEST_FILE), JSON.stringify({ out }));
  process.kill(pid, SIGNAL);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(path.join(out, MANIFEST_FILE))) return readManifest(out);
    if (existsSync(path.join(out, FAILURE_FILE))) throw new Error(`the server could not write the backup: ${await readFile(path.join(out, FAILURE_FILE), 'utf8')}`);
    await sleep(200);
  }
  throw new Error(`the server (pid ${pid}) wrote no backup within ${timeoutMs / 60_000} minutes`);
}
