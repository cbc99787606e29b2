import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDatabaseKind } from '../helpers/testApp';
import { adminCaller, freePort, startServer, until, waitUntilServing, type ServerProcess } from '../helpers/serverProcess';
import { startSmtpSink } from '../helpers/smtpSink';

/**
 * kill -9 of the process sending an e-mail (issue 35): the SMTP server has read the mail and not yet
 * answered when the process dies, so the mail was not accepted; another process sharing the database
 * takes the job up once its lock is stale and sends it — accepted once, with the Message-ID the
 * mail was given when queued, and the timeline's mail ends "sent".
 */
describe.runIf(testDatabaseKind === 'postgres')('e-mail whose sending process is killed (PostgreSQL only)', () => {
  it('is sent once by another process, with its Message-ID, and recorded as sent', async () => {
    const database = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-email-kill-'));
    const client = new pg.Client({ connectionString: database.url });
    const sink = await startSmtpSink();
    sink.answer({ kind: 'hang' });
    const env = {
      DATABASE_URL: database.url, HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA_ENABLED: 'false', JOB_CONCURRENCY: '1',
      JOB_STALE_SECONDS: '3', EMAIL_RETRY_BASE_MS: '100', SMTP_URL: sink.url, LOG_LEVEL: 'warn',
    };
    const portA = await freePort();
    const first = startServer({ ...env, PORT: String(portA) });
    let second: ServerProcess | undefined;
    try {
      expect(await waitUntilServing(portA, 90_000), first.output()).toBe(true);
      await client.connect();
      const call = await adminCaller(portA);
      const lead = await call('POST', '/crm/leads', { lastName: 'Killed', company: 'Kill Mail Co', email: 'killed.mail@example.com' });
      expect(lead.code, lead.msg).toBe(200);
      const sent = await call('POST', '/crm/email/send', { module: 'leads', recordId: lead.data, to: [{ module: 'leads', id: lead.data }], subject: 'Once only', body: '<p>Sent once</p>' });
      expect(sent.code, sent.msg).toBe(200);

      // The server has the whole mail and is silent: the process dies waiting for its answer.
      expect(await until(() => sink.attempts === 1, 30_000)).toBe(true);
      first.child.kill('SIGKILL');
      await first.exited;
      const mail = async () => (await client.query<{ status: string; message_id: string; answer: string | null }>('select status, message_id, answer from crm_email where id = $1', [sent.data])).rows[0]!;
      expect((await mail()).status).toBe('queued');
      expect(sink.received).toHaveLength(0);

      sink.answer({ kind: 'accept' });
      const portB = await freePort();
      second = startServer({ ...env, PORT: String(portB) });
      expect(await waitUntilServing(portB, 90_000), second.output()).toBe(true);
      expect(await until(async () => (await mail()).status === 'sent', 60_000), second.output()).toBe(true);
      // A little longer: nothing else arrives.
      await new Promise((r) => setTimeout(r, 1500));
      expect(sink.received).toHaveLength(1);
      const [received] = sink.received;
      expect(received!.parsed.subject).toBe('Once only');
      expect(received!.rcptTo).toEqual(['killed.mail@example.com']);
      expect(received!.parsed.messageId).toBe((await mail()).message_id);
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
      second?.child.kill('SIGTERM');
      await second?.exited;
      await sink.close();
      await client.end().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 300_000);
});
