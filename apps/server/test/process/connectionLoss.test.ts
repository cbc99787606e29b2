import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, terminateConnections, testDatabaseKind } from '../helpers/testApp';
import { freePort, startServer, waitUntilServing } from '../helpers/serverProcess';

// PGlite is embedded in the process: it has no connection that a server could close.
describe.runIf(testDatabaseKind === 'postgres')('server process on PostgreSQL (PostgreSQL only)', () => {
  it('lives on when PostgreSQL closes all its connections, logs a warning, and answers normally after', async () => {
    const database = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-start-'));
    const port = await freePort();
    const server = startServer({ DATABASE_URL: database.directUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false' });
    try {
      expect(await waitUntilServing(port)).toBe(true);
      const login = () =>
        fetch(`http://127.0.0.1:${port}/dev-api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'admin123' }),
        }).then((r) => r.json() as Promise<{ code: number }>);
      // Signed in a few times side by side: several connections wait idle in the pool.
      expect((await Promise.all([login(), login(), login()])).map((a) => a.code)).toEqual([200, 200, 200]);

      expect(await terminateConnections(database.directUrl)).toBeGreaterThan(0);
      const lostLines = () => server.output().split('\n').filter((l) => l.includes('"msg":"database connection lost"'));
      const deadline = Date.now() + 15_000;
      while (!lostLines().length && server.child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
      expect(lostLines().length).toBeGreaterThan(0);
      expect(JSON.parse(lostLines()[0]!)).toMatchObject({ level: 40, err: { code: '57P01' } }); // pino's warn

      // The pool replaces the closed connections as requests come: a request that meets one still
      // being replaced is answered 503 (never 500), and the next ones normally.
      let captcha = await fetch(`http://127.0.0.1:${port}/dev-api/captchaImage`);
      for (const retryBy = Date.now() + 10_000; captcha.status === 503 && Date.now() < retryBy; ) {
        await new Promise((r) => setTimeout(r, 200));
        captcha = await fetch(`http://127.0.0.1:${port}/dev-api/captchaImage`);
      }
      expect(captcha.status).toBe(200);
      expect(((await captcha.json()) as { code: number }).code).toBe(200);
      expect((await login()).code).toBe(200);
      expect(server.child.exitCode).toBeNull();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
