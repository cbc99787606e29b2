import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { WebhookDelivery, WebhookPayload } from '@orbit/shared/contract/automation';
import { SETTING_KEYS } from '@orbit/shared/contract/config';
import { createLead, getRecord } from '../helpers/crmApi';
import { FORBIDDEN_EN } from '../helpers/adminApi';
import { signedInApp } from '../helpers/signedInApp';
import { seal, unseal } from '../../src/lib/secretBox';
import { rowsOf } from '../../src/modules/crm/engine/query/sql';

type Received = { headers: http.IncomingHttpHeaders; body: string };
const SECRET_KEY = 'webhook-test-key-0123456789';

/**
 * Webhooks (issue 34): a module's events delivered from the outbox to a real HTTP server started
 * here, signed (HMAC-SHA256 of the body with the secret shown once), retried with back-off on a
 * 500 until it succeeds, logged with status codes, resent on demand; loopback refused unless the
 * setting allows it; administrators only.
 */
describe('webhooks', () => {
  let ctx: Awaited<ReturnType<typeof signedInApp<'admin' | 'olivia.park'>>>;
  const admin = () => ctx.as.admin;
  const olivia = () => ctx.as['olivia.park'];
  const drain = () => ctx.app.automation.drain();
  let server: http.Server;
  let url: string;
  const received: Received[] = [];
  /** Status codes the receiver answers, in turn; 200 once they are used up. */
  let answers: number[] = [];

  beforeAll(async () => {
    ctx = await signedInApp(['admin', 'olivia.park'], { JOB_CONCURRENCY: '0', AUTOMATION_RETRY_MS: '10', WEBHOOK_ALLOW_PRIVATE: 'true', ORBIT_SECRET_KEY: SECRET_KEY });
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answers.shift() ?? 200;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.app.teardown();
  });
  afterEach(async () => {
    await drain();
    await ctx.app.db.execute(sql`delete from sys_webhook`);
    received.length = 0;
    answers = [];
  });

  async function subscribe(events: string[], module = 'leads'): Promise<{ id: number; secret: string }> {
    const res = await admin()('POST', '/system/webhook', { name: 'Receiver', url, module, events });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { id: number; secret: string };
  }
  const deliveries = async (id: number) => (await admin()('GET', `/system/webhook/${id}/deliveries`)).body.rows as WebhookDelivery[];

  it('signs the body with the secret shown once, retries a 500 with back-off, then succeeds', async () => {
    const hook = await subscribe(['created']);
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const listed = await admin()('GET', '/system/webhook');
    expect(JSON.stringify(listed.body)).not.toContain(hook.secret);
    expect((await admin()('GET', `/system/webhook/${hook.id}`)).body.data).not.toHaveProperty('secret');
    // Stored sealed with ORBIT_SECRET_KEY: a copy of the database cannot sign as Orbit.
    const [stored] = await rowsOf<{ secret: string }>(ctx.app.db, sql`select secret from sys_webhook where id = ${hook.id}`);
    expect(stored!.secret.startsWith('v1:')).toBe(true);
    expect(unseal(SECRET_KEY, stored!.secret)).toBe(hook.secret);

    answers = [500, 500];
    const lead = await createLead(olivia(), { lastName: 'Hooked', company: 'Hook Co' });
    await drain();
    expect(received).toHaveLength(3);
    // Every attempt sent the same bytes with the same signature.
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    const { headers, body } = received[2]!;
    expect(headers['x-orbit-signature']).toBe(`sha256=${createHmac('sha256', hook.secret).update(body).digest('hex')}`);
    expect(headers['content-type']).toBe('application/json');
    const payload = JSON.parse(body) as WebhookPayload;
    expect(payload).toMatchObject({ event: 'created', module: 'leads', record: { id: lead, lastName: 'Hooked', company: 'Hook Co' }, changed: [] });
    // The record as the API answers it.
    const api = await getRecord(admin(), 'leads', lead);
    expect(payload.record).toEqual(JSON.parse(JSON.stringify(api)));
    expect(await deliveries(hook.id)).toMatchObject([{ event: 'created', status: 'done', attempts: 3, statusCode: 200, error: null }]);
  });

  it('a secret sealed with another key is not guessed at: the delivery fails at once, saying why', async () => {
    const hook = await subscribe(['created']);
    await ctx.app.db.execute(sql`update sys_webhook set secret = ${seal('another-key-0123456789', 'whsec_x')} where id = ${hook.id}`);
    await createLead(olivia(), { lastName: 'Unsigned' });
    await drain();
    expect(received).toHaveLength(0);
    expect(await deliveries(hook.id)).toMatchObject([{ status: 'failed', error: expect.stringContaining('sealed with another ORBIT_SECRET_KEY') }]);
  });

  it('sends updates with the changed fields, only to subscribers of that event, and fails after the last attempt', async () => {
    const hook = await subscribe(['updated']);
    const lead = await createLead(olivia(), { lastName: 'Changes' });
    await drain();
    expect(received).toHaveLength(0);
    answers = [503, 503, 503, 503, 503];
    const record = await getRecord(olivia(), 'leads', lead);
    await olivia()('PUT', '/crm/leads', { id: lead, version: record.version, company: 'New Co' });
    await drain();
    expect(received).toHaveLength(5);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: 'updated', changed: [{ field: 'company', oldValue: null, newValue: 'New Co' }] });
    const [failed] = await deliveries(hook.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5, statusCode: 503, error: 'The URL answered HTTP 503' });
    // Resend: a new delivery of the same body, which now succeeds.
    const resent = await admin()('POST', `/system/webhook/${hook.id}/deliveries/${failed!.id}/resend`);
    expect(resent.body.code).toBe(200);
    await drain();
    expect(received).toHaveLength(6);
    expect(received[5]!.body).toBe(received[0]!.body);
    expect((await deliveries(hook.id))[0]).toMatchObject({ id: resent.body.data, status: 'done', statusCode: 200 });
  });

  it('a rule’s callWebhook action queues one signed delivery', async () => {
    const hook = await subscribe([]);
    const rule = await admin()('POST', '/setup/leads/workflowRules', { name: 'Tell them', trigger: { kind: 'created' }, actions: [{ kind: 'callWebhook', webhookId: hook.id }] });
    expect(rule.body.code, rule.body.msg).toBe(200);
    const lead = await createLead(olivia(), { lastName: 'Called' });
    await drain();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: 'workflow', record: { id: lead } });
    await ctx.app.db.execute(sql`delete from crm_workflow_rule`);
  });

  it('refuses loopback and private targets unless the setting allows them, and anything but http(s)', async () => {
    await ctx.app.db.execute(sql`update sys_config set config_value = 'false' where config_key = ${SETTING_KEYS.webhookAllowPrivate}`);
    try {
      for (const target of [url, 'http://localhost:9/x', 'http://10.1.2.3/x', 'http://[::1]/x', 'http://169.254.169.254/latest']) {
        const res = await admin()('POST', '/system/webhook', { name: 'Inside', url: target, module: 'leads', events: ['created'] });
        expect(res.body, target).toMatchObject({ code: 400, msg: 'Webhooks to private or loopback addresses are not allowed' });
      }
      const zh = await admin()('POST', '/system/webhook', { name: 'Inside', url, module: 'leads', events: ['created'] }, { 'accept-language': 'zh' });
      expect(zh.body.msg).toBe('不允许向私有或回环地址发送 Webhook');
    } finally {
      await ctx.app.db.execute(sql`update sys_config set config_value = '' where config_key = ${SETTING_KEYS.webhookAllowPrivate}`);
    }
    const ftp = await admin()('POST', '/system/webhook', { name: 'Ftp', url: 'ftp://example.com/x', module: 'leads', events: ['created'] });
    expect(ftp.body).toMatchObject({ code: 400, msg: 'Please enter an http:// or https:// URL' });
    expect((await admin()('GET', '/system/webhook')).body.data).toEqual([]);
  });

  it('answers 403 to a sales rep on every webhook route', async () => {
    const hook = await subscribe(['created']);
    for (const [method, path, payload] of [
      ['GET', '/system/webhook', undefined],
      ['POST', '/system/webhook', { name: 'Mine', url, module: 'leads', events: ['created'] }],
      ['PUT', '/system/webhook', { id: hook.id, name: 'Mine', url, module: 'leads', events: ['created'] }],
      ['DELETE', `/system/webhook/${hook.id}`, undefined],
      ['GET', `/system/webhook/${hook.id}/deliveries`, undefined],
      ['POST', `/system/webhook/${hook.id}/deliveries/1/resend`, undefined],
    ] as const) {
      const res = await olivia()(method, path, payload);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.msg).toBe(FORBIDDEN_EN);
    }
  });
});
