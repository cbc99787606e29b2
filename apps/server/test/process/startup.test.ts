import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, waitUntilServing, type ServerProcess } from '../helpers/serverProcess';

const dirs: string[] = [];

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-start-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('refuses a bad environment value with one line naming the variable', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: tempDir() });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split('\n').filter((l) => !l.startsWith('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment variable PORT: /);
  });

  /** The lines a failed start printed (npm's own warnings aside). */
  const failureLines = async (server: ServerProcess) => {
    expect(await server.exited).toBe(1);
    return server.output().trim().split('\n').filter((l) => !l.startsWith('npm warn'));
  };

  it('an unreachable DATABASE_URL stops start-up with one line naming it, without its password', async () => {
    const server = startServer({ DATABASE_URL: 'postgres://orbit:hunter2secret@127.0.0.1:1/orbit', DATA_DIR: tempDir() });
    const lines = await failureLines(server);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot open the database of DATABASE_URL \(127\.0\.0\.1:1\/orbit\): .*ECONNREFUSED/);
    expect(server.output()).not.toContain('hunter2secret');
  });

  it('a port in use stops start-up with one line naming PORT', async () => {
    const taken = net.createServer();
    const port = await new Promise<number>((resolve) => taken.listen(0, '127.0.0.1', () => resolve((taken.address() as net.AddressInfo).port)));
    try {
      const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir() });
      const lines = (await failureLines(server)).filter((l) => !l.startsWith('{')); // the JSON log lines of the seed
      expect(lines).toEqual([expect.stringMatching(new RegExp(`^Cannot listen on 127\\.0\\.0\\.1:${port} \\(HOST, PORT\\): .*EADDRINUSE`))]);
    } finally {
      taken.close();
    }
  }, 120_000);

  it('migrates, seeds an empty embedded database, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false' });
    const deadline = Date.now() + 60_000;
    let answer: { code: number; token?: string } | undefined;
    while (Date.now() < deadline && !answer) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/dev-api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'admin123' }),
        });
        answer = (await res.json()) as { code: number; token?: string };
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    expect(answer?.code).toBe(200);
    expect(server.output()).toContain('demo data seeded');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');

    // A second start on the same data keeps it and does not seed again.
    const again = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false' });
    expect(await waitUntilServing(port)).toBe(true);
    expect(again.output()).not.toContain('demo data seeded');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
