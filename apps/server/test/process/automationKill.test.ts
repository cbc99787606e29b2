import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../helpers/testApp';
import { adminCaller, freePort, startServer, until, waitUntilServing, type ServerProcess } from '../helpers/serverProcess';

/**
 * kill -9 of the process delivering a webhook (issue 34): the first request hangs at the receiver
 * while the process is killed; another process sharing the database takes the delivery up once its
 * lock is stale and sends it again — the same bytes and delivery id (at least once, none lost) —
 * and the rule that ran on the same change did its action exactly once.
 */
describe.runIf(testDatabaseKind === 'postgres')('automation whose process is killed (PostgreSQL only)', () => {
  it('a webhook delivery is sent again by another process, a rule’s action is not repeated', async () => {
    const database = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-automation-kill-'));
    const client = new pg.Client({ connectionString: database.url });
    const received: Array<{ delivery: string; body: string }> = [];
    // The first request is left hanging (the process dies while it waits); later ones are answered 200.
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ delivery: String(req.headers['x-orbit-delivery']), body });
        if (received.length > 1) res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const env = {
      DATABASE_URL: database.url, HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', JOB_CONCURRENCY: '1',
      JOB_STALE_SECONDS: '3', AUTOMATION_RETRY_MS: '100', WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn',
    };
    const portA = await freePort();
    const first = startServer({ ...env, PORT: String(portA) });
    let second: ServerProcess | undefined;
    try {
      expect(await waitUntilServing(portA, 90_000), first.output()).toBe(true);
      await client.connect();
      const call = await adminCaller(portA);
      expect((await call('POST', '/system/webhook', { name: 'Receiver', url, module: 'leads', events: ['created'] })).code).toBe(200);
      const rule = await call('POST', '/setup/leads/workflowRules', { name: 'Follow up', trigger: { kind: 'created' }, actions: [{ kind: 'createTask', subject: 'Killed process task', owner: 'recordOwner', dueInDays: 1 }] });
      expect(rule.code, rule.msg).toBe(200);
      const lead = await call('POST', '/crm/leads', { lastName: 'Killed', company: 'Kill Co' });
      expect(lead.code, lead.msg).toBe(200);

      expect(await until(async () => received.length === 1, 30_000)).toBe(true);
      first.child.kill('SIGKILL');
      await first.exited;
      const delivery = async () => (await client.query<{ id: string; status: string; attempts: number; status_code: number | null }>('select id, status, attempts, status_code from sys_webhook_delivery')).rows;
      expect((await delivery())[0]).toMatchObject({ status: 'running', attempts: 1 });

      const portB = await freePort();
      second = startServer({ ...env, PORT: String(portB) });
      expect(await waitUntilServing(portB, 90_000), second.output()).toBe(true);
      expect(await until(async () => (await delivery())[0]?.status === 'done', 60_000)).toBe(true);
      const [done] = await delivery();
      expect(done).toMatchObject({ status: 'done', attempts: 2, status_code: 200 });
      expect(received).toHaveLength(2);
      expect(received[1]).toEqual(received[0]);
      expect(received[0]!.delivery).toBe(String(done!.id));
      const tasks = await client.query<{ n: string }>("select count(*) as n from crm_task where subject = 'Killed process task' and deleted_at is null");
      expect(Number(tasks.rows[0]!.n)).toBe(1);
      const runs = await client.query<{ status: string }>('select status from crm_workflow_run');
      expect(runs.rows).toEqual([{ status: 'done' }]);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
      second?.child.kill('SIGTERM');
      await second?.exited;
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
      await client.end().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 300_000);
});
