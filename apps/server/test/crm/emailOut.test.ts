import { sql } from 'drizzle-orm';
import { MAX_ATTEMPTS } from '../../src/modules/jobs/jobQueue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { caller } from '../helpers/adminApi';
import { startSmtpSink } from '../helpers/smtpSink';
import { api, bearer, createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
type Entry = { kind: string; email?: { subject: string; status: string; answer: string | null; to: string[]; attachments: string[] } };

const SECRET_KEY = 'test-secret-key-of-orbit-0123456789';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * E-mail out (issue 35): mail sent from records through a real SMTP server started here
 * (smtp-server, read back with mailparser), templates with merge fields in both languages, the
 * timeline's entries with their delivery status, retries, the development outbox, the SMTP server
 * of Settings with its sealed password, and the scope every read and write keeps.
 */
describe('e-mail sent from records', () => {
  let app: TestApp;
  let sink: Sink;
  let admin: Call;
  let olivia: Call;
  let noah: Call;
  let oliviaToken: string;
  let account: number;
  let contact: number;
  let opportunity: number;
  let lead: number;
  let fileId: number;

  const count = async (table: string) => Number(((await app.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
  const timeline = async (call: Call, module: string, id: number) => ((await call('GET', `/crm/${module}/${id}/timeline?kinds=email`)).body.rows as Entry[]);
  const send = async (call: Call, body: Record<string, unknown>, lang = 'en') => call('POST', '/crm/email/send', { module: 'opportunity', recordId: opportunity, to: [{ module: 'contact', id: contact }], subject: 'Hello', body: '<p>Hi</p>', ...body }, { 'accept-language': lang });
  const sendAndDrain = async (body: Record<string, unknown>) => {
    const res = await send(olivia, body);
    expect(res.body, res.body.msg).toMatchObject({ code: 200 });
    await app.jobs.drain();
    const [row] = ((await app.db.execute(sql`select * from crm_email where id = ${res.body.data}`)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
    return row!;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    // Jobs run when the test drains the queue; retries wait 10 ms, 40 ms.
    app = await createTestApp({ SMTP_URL: sink.url, JOB_CONCURRENCY: '0', EMAIL_RETRY_BASE_MS: '10', ORBIT_SECRET_KEY: SECRET_KEY });
    admin = caller(app, await loginAs(app, 'admin'));
    oliviaToken = await loginAs(app, 'olivia.park');
    olivia = caller(app, oliviaToken);
    noah = caller(app, await loginAs(app, 'noah.king'));
    account = (await olivia('POST', '/crm/account', { name: 'Acme Mail Co' })).body.data as number;
    contact = (await olivia('POST', '/crm/contact', { firstName: 'Mei', lastName: 'Chen', email: 'mei.chen@acme.example', accountId: account })).body.data as number;
    const created = await olivia('POST', '/crm/opportunity', { name: 'Acme Renewal', accountId: account, stage: 'proposal', closeDate: '2026-05-01', amount: '12500.00' });
    expect(created.body, created.body.msg).toMatchObject({ code: 200 });
    opportunity = created.body.data as number;
    lead = (await olivia('POST', '/crm/leads', { firstName: 'Li', lastName: 'Wei', company: 'Wei Trading', email: 'li.wei@wei.example' })).body.data as number;
    const boundary = '----orbitMailTest';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quote.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await app.inject({ method: 'POST', url: api(`/crm/opportunity/${opportunity}/attachments`), headers: { ...bearer(oliviaToken), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    fileId = (upload.json() as { data: number[] }).data[0]!;
    expect((await olivia('PUT', '/crm/email/signature', { signature: '<p><strong>Olivia Park</strong><script>x()</script></p>' })).body.code).toBe(200);
  });
  afterAll(async () => {
    await app.teardown();
    await sink.close();
  });
  beforeEach(() => sink.reset());

  it('sends through the SMTP server: headers, merged body with the signature, the record’s file; the timelines of the opportunity, contact and account show it sent', async () => {
    const template = await olivia('POST', '/crm/email/template', {
      name: 'Renewal EN',
      language: 'en',
      subject: 'Renewal for {{account.name}}',
      body: '<p>Dear {{contact.firstName}},</p><p>The renewal of {{opportunity.name}} comes to {{opportunity.amount}} by {{opportunity.closeDate}}. {{ owner.nickName }}</p>',
    });
    expect(template.body, template.body.msg).toMatchObject({ code: 200 });
    const row = await sendAndDrain({ subject: '', body: '', templateId: template.body.data, cc: ['boss@acme.example'], attachmentIds: [fileId] });
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(String(row.answer)).toContain('Message queued as test-1');

    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.parsed.subject).toBe('Renewal for Acme Mail Co');
    expect(mail!.parsed.messageId).toBe(row.message_id);
    expect(mail!.parsed.from?.text).toContain('Olivia Park');
    expect(mail!.parsed.replyTo?.text).toBe('olivia.park@example.com');
    expect((mail!.parsed.to as { text: string }).text).toBe('"Mei Chen" <mei.chen@acme.example>');
    expect(mail!.rcptTo.sort()).toEqual(['boss@acme.example', 'mei.chen@acme.example']);
    const html = String(mail!.parsed.html);
    expect(html).toContain('Dear Mei,');
    expect(html).toContain('comes to $12,500.00 by May 1, 2026. Olivia Park');
    expect(html).toContain('<strong>Olivia Park</strong>');
    expect(html).not.toContain('script');
    expect(mail!.parsed.text).toContain('Dear Mei,');
    expect(mail!.parsed.attachments.map((a) => [a.filename, a.content.equals(PDF)])).toEqual([['quote.pdf', true]]);

    for (const [module, id] of [['opportunity', opportunity], ['contact', contact], ['account', account]] as const) {
      const [entry] = await timeline(olivia, module, id);
      expect(entry, module).toMatchObject({ kind: 'email', email: { subject: 'Renewal for Acme Mail Co', status: 'sent', attachments: ['quote.pdf'] } });
    }
    // The whole timeline (no kinds asked) has it too.
    const all = (await olivia('GET', `/crm/opportunity/${opportunity}/timeline`)).body.rows as Entry[];
    expect(all.some((e) => e.kind === 'email' && e.email?.status === 'sent')).toBe(true);
  });

  it('writes merge fields in the template’s language: money with the record’s currency and days in Chinese; the preview fills them from a real record', async () => {
    const zh = await olivia('POST', '/crm/email/template', { name: '续约（中文）', language: 'zh', subject: '{{account.name}} 续约', body: '<p>{{contact.lastName}}{{contact.firstName}}您好，金额 {{opportunity.amount}}，截止 {{opportunity.closeDate}}。</p>' });
    const preview = await olivia('GET', `/crm/email/template/${zh.body.data}/preview?module=opportunity&recordId=${opportunity}&personModule=contact&personId=${contact}`);
    expect(preview.body.data).toEqual({ subject: 'Acme Mail Co 续约', body: '<p>ChenMei您好，金额 US$12,500.00，截止 2026年5月1日。</p>' });
    const en = (await olivia('GET', '/crm/email/template/list')).body.data.find((t: { name: string }) => t.name === 'Renewal EN');
    const enPreview = await olivia('GET', `/crm/email/template/${en.templateId}/preview?module=contact&recordId=${contact}`);
    expect(enPreview.body.data.subject).toBe('Renewal for Acme Mail Co');
    expect(enPreview.body.data.body).toContain('Dear Mei,');

    const row = await sendAndDrain({ subject: '', body: '', templateId: zh.body.data });
    expect(String(sink.received[0]!.parsed.html)).toContain('金额 US$12,500.00，截止 2026年5月1日');
    expect(row.subject).toBe('Acme Mail Co 续约');

    // A lead's fields merge on a mail from the lead.
    await sendAndDrain({ module: 'leads', recordId: lead, to: [{ module: 'leads', id: lead }], subject: 'Hi {{lead.firstName}} of {{lead.company}}', body: '<p>x</p>' });
    expect(sink.received[1]!.parsed.subject).toBe('Hi Li of Wei Trading');
  });

  it('refuses unknown merge fields on save, translated, and saves nothing; personal templates are their owner’s, shared ones an administrator’s', async () => {
    const before = await count('crm_email_template');
    const bad = await olivia('POST', '/crm/email/template', { name: 'Bad', language: 'en', subject: 'Hi', body: '<p>{{contact.shoeSize}}</p>' }, { 'accept-language': 'zh' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('未知的合并字段 {{contact.shoeSize}}：请使用列出的字段');
    expect(bad.body.errors).toHaveProperty('body');
    expect((await olivia('POST', '/crm/email/template', { name: 'Bad', language: 'fr', subject: 'Hi', body: '<p>x</p>' })).status).toBe(400);
    expect((await olivia('POST', '/crm/email/template', { name: 'Shared?', language: 'en', subject: 'Hi', body: '<p>x</p>', shared: true })).status).toBe(403);
    expect(await count('crm_email_template')).toBe(before);

    const personal = (await olivia('POST', '/crm/email/template', { name: 'Mine', language: 'en', subject: 'Hi', body: '<p>x</p>' })).body.data as number;
    const shared = (await admin('POST', '/crm/email/template', { name: 'Company intro', language: 'en', subject: 'Hi', body: '<p>x</p>', shared: true })).body.data as number;
    const noahSees = ((await noah('GET', '/crm/email/template/list')).body.data as Array<{ templateId: number; canEdit: boolean }>).map((t) => t.templateId);
    expect(noahSees).toContain(shared);
    expect(noahSees).not.toContain(personal);
    expect((await noah('GET', `/crm/email/template/${personal}`)).status).toBe(404);
    expect((await noah('PUT', `/crm/email/template/${shared}`, { name: 'Mine now', language: 'en', subject: 'Hi', body: '<p>x</p>', shared: true })).status).toBe(403);
    expect((await olivia('PUT', `/crm/email/template/${personal}`, { name: 'Mine', language: 'zh', subject: '你好', body: '<p>x</p>' })).body.code).toBe(200);
    expect((await olivia('DELETE', `/crm/email/template/${personal}`)).body.code).toBe(200);
    expect((await olivia('GET', `/crm/email/template/${personal}`)).status).toBe(404);
  });

  it('fails at once with the server’s answer on a 550, retries a 451 with back-off until sent, and fails with the answer when every attempt is deferred', async () => {
    sink.answer({ kind: 'reject', code: 550, message: 'Mailbox unavailable: no such user' });
    const rejected = await sendAndDrain({});
    expect(rejected).toMatchObject({ status: 'failed', attempts: 1 });
    expect(String(rejected.answer)).toContain('550 Mailbox unavailable: no such user');
    const [entry] = await timeline(olivia, 'opportunity', opportunity);
    expect(entry!.email).toMatchObject({ status: 'failed', answer: expect.stringContaining('550') });

    sink.reset();
    sink.answer({ kind: 'deferThenAccept', times: 2 });
    const retried = await sendAndDrain({});
    expect(retried).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sink.attempts).toBe(3);
    expect(sink.received).toHaveLength(1);

    sink.reset();
    sink.answer({ kind: 'defer' });
    const deferred = await sendAndDrain({});
    expect(deferred).toMatchObject({ status: 'failed', attempts: 3 });
    expect(String(deferred.answer)).toContain('451');
  });

  it('does not send again a mail whose send was recorded when its job runs once more (a process that died after the send)', async () => {
    const row = await sendAndDrain({});
    expect(row.status).toBe('sent');
    expect(sink.attempts).toBe(1);
    // As reapStale does for a job whose process died: the job is queued again.
    await app.db.execute(sql`update sys_job set state = 'queued', locked_by = null where kind = 'emailSend' and payload->>'emailId' = ${String(row.id)}`);
    await app.jobs.drain();
    expect(sink.attempts).toBe(1);
  });

  it('a mail whose job the queue fails for good (its process died each time it ran) ends failed, saying why, not queued for ever', async () => {
    const res = await send(olivia, { subject: 'Never sent' }, 'zh');
    expect(res.body.code).toBe(200);
    // As a process that died holding the job on its last attempt leaves it: running, its heartbeat long stopped.
    await app.db.execute(
      sql`update sys_job set state = 'running', locked_by = 'dead-process', attempts = ${MAX_ATTEMPTS}, heartbeat_at = now() - interval '1 hour' where kind = 'emailSend' and payload->>'emailId' = ${String(res.body.data)}`,
    );
    expect(await app.jobQueue.reapStale(new Date(Date.now() - 60_000))).toEqual({ retried: 0, failed: 1 });
    const [entry] = await timeline(olivia, 'opportunity', opportunity);
    expect(entry!.email).toMatchObject({ subject: 'Never sent', status: 'failed', answer: '发送进程在服务器应答前停止' });
    expect(sink.attempts).toBe(0);
  });

  it('without a mail server writes the mail to the development outbox, which administrators alone read', async () => {
    const url = app.config.smtpUrl;
    // The running app's own configuration object: as if it had started without SMTP_URL.
    app.config.smtpUrl = undefined;
    try {
      const row = await sendAndDrain({ subject: 'To the outbox', attachmentIds: [fileId] });
      expect(row.status).toBe('sent');
      expect(String(row.answer)).toMatch(/development outbox: .+\.eml$/);
      expect(sink.attempts).toBe(0);
      const list = await admin('GET', '/crm/email/outbox');
      const found = (list.body.data as Array<{ name: string; subject: string; to: string }>).find((m) => m.subject === 'To the outbox');
      expect(found?.to).toBe('"Mei Chen" <mei.chen@acme.example>');
      const detail = await admin('GET', `/crm/email/outbox/${found!.name}`);
      expect(detail.body.data).toMatchObject({ subject: 'To the outbox', attachments: [{ fileName: 'quote.pdf' }] });
      expect(detail.body.data.html).toContain('Hi');
      expect((await olivia('GET', '/crm/email/outbox')).status).toBe(403);
      expect((await admin('GET', '/crm/email/outbox/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    } finally {
      app.config.smtpUrl = url;
    }
  });

  it('sends by the SMTP server of Settings with its sealed password, which the API never returns', async () => {
    const authSink = await startSmtpSink({ requireAuth: { user: 'orbit', pass: 'S3cret-pass!' } });
    try {
      expect((await olivia('PUT', '/crm/email/server', { host: '127.0.0.1', port: authSink.port, user: 'orbit', password: 'x' })).status).toBe(403);
      const saved = await admin('PUT', '/crm/email/server', { host: '127.0.0.1', port: authSink.port, secure: false, user: 'orbit', password: 'S3cret-pass!', fromAddress: 'crm@acme.example' });
      expect(saved.body.code).toBe(200);
      const settings = await admin('GET', '/crm/email/server');
      expect(settings.body.data).toMatchObject({ source: 'settings', host: '127.0.0.1', port: authSink.port, user: 'orbit', passwordSet: true, secretKeySet: true });
      expect(JSON.stringify(settings.body)).not.toContain('S3cret');
      const stored = ((await app.db.execute(sql`select password_sealed from crm_mail_server`)) as unknown as { rows: Array<{ password_sealed: string }> }).rows[0]!.password_sealed;
      expect(stored).toMatch(/^v1:/);
      expect(stored).not.toContain('S3cret');
      // Saved again without a password: the stored one stays.
      await admin('PUT', '/crm/email/server', { host: '127.0.0.1', port: authSink.port, user: 'orbit', fromAddress: 'crm@acme.example' });

      const row = await sendAndDrain({ subject: 'Via settings' });
      expect(row.status).toBe('sent');
      expect(authSink.auths).toEqual([{ username: 'orbit', password: 'S3cret-pass!' }]);
      expect(authSink.received[0]!.mailFrom).toBe('crm@acme.example');
      expect(sink.received).toHaveLength(0);

      const key = app.config.secretKey;
      app.config.secretKey = undefined;
      const refused = await admin('PUT', '/crm/email/server', { host: 'mail.example', port: 25, user: 'u', password: 'p' }, { 'accept-language': 'zh' });
      app.config.secretKey = key;
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toContain('ORBIT_SECRET_KEY');
      expect((await admin('GET', '/crm/email/server')).body.data.host).toBe('127.0.0.1');
    } finally {
      await admin('DELETE', '/crm/email/server');
      await authSink.close();
    }
    expect((await admin('GET', '/crm/email/server')).body.data).toMatchObject({ source: 'environment', host: '127.0.0.1', port: sink.port });
  });

  it('keeps to the caller’s scope: another seller’s record, person or file is not found, and nothing is written', async () => {
    const before = await count('crm_email');
    const jobs = await count('sys_job');
    expect((await send(noah, {})).status).toBe(404);
    expect((await noah('GET', `/crm/email/people/opportunity/${opportunity}`)).status).toBe(404);
    expect((await noah('GET', `/crm/email/template/1/preview?module=opportunity&recordId=${opportunity}`)).status).toBe(404);
    const noahAccount = (await noah('POST', '/crm/account', { name: 'Noah Mail Co' })).body.data as number;
    const foreignPerson = await send(noah, { module: 'account', recordId: noahAccount, to: [{ module: 'contact', id: contact }] });
    expect(foreignPerson.status).toBe(400);
    expect(foreignPerson.body.msg).toBe('A recipient does not exist or you have no access to them');
    // A file of another record, even the caller's own.
    expect((await send(olivia, { module: 'contact', recordId: contact, attachmentIds: [fileId] })).status).toBe(404);
    expect(await count('crm_email')).toBe(before);
    expect(await count('sys_job')).toBe(jobs);

    const people = await olivia('GET', `/crm/email/people/opportunity/${opportunity}`);
    expect(people.body.data).toEqual([{ module: 'contact', id: contact, name: 'Mei Chen', email: 'mei.chen@acme.example' }]);
  });

  it('offers an opportunity’s contact roles first (the primary before the others), then its account’s other contacts', async () => {
    const partner = (await olivia('POST', '/crm/account', { name: 'Partner Mail Co' })).body.data as number;
    const consultant = (await olivia('POST', '/crm/contact', { firstName: 'Ada', lastName: 'Zhou', email: 'ada@partner.example', accountId: partner })).body.data as number;
    const buyer = (await olivia('POST', '/crm/contact', { firstName: 'Bo', lastName: 'Yang', email: 'bo@acme.example', accountId: account })).body.data as number;
    const role = (contactId: number, body: Record<string, unknown>) => olivia('POST', `/crm/opportunity/${opportunity}/contact-roles`, { contactId, ...body });
    expect((await role(consultant, { role: 'influencer' })).body.code).toBe(200);
    expect((await role(buyer, { role: 'decision_maker', isPrimary: true })).body.code).toBe(200);
    const people = (await olivia('GET', `/crm/email/people/opportunity/${opportunity}`)).body.data as Array<{ id: number; name: string }>;
    // Bo (primary role), Ada (a role, on another account), Mei (the account's contact without a role).
    expect(people.map((p) => p.name)).toEqual(['Bo Yang', 'Ada Zhou', 'Mei Chen']);
    // The account's own list is its contacts alone, by name.
    const accountPeople = (await olivia('GET', `/crm/email/people/account/${account}`)).body.data as Array<{ name: string }>;
    expect(accountPeople.map((p) => p.name)).toEqual(['Mei Chen', 'Bo Yang']);
    await app.db.execute(sql`delete from crm_opportunity_contact_role where opportunity_id = ${opportunity}`);
    await app.db.execute(sql`update crm_contact set deleted_at = now() where id in (${consultant}, ${buyer})`);
  });

  it('refuses bad input with a translated message and writes nothing', async () => {
    const before = await count('crm_email');
    const none = await send(olivia, { to: [] }, 'zh');
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请至少选择一个收件人');
    const badAddress = await send(olivia, { to: ['not an address'] });
    expect(badAddress.status).toBe(400);
    const unknownField = await send(olivia, { body: '<p>{{contact.salary}}</p>' }, 'zh');
    expect(unknownField.body.msg).toBe('未知的合并字段 {{contact.salary}}：请使用列出的字段');
    expect((await send(olivia, { body: '<p> </p>' })).body.msg).toBe('Please write the message');
    expect((await send(olivia, { module: 'task' })).status).toBe(400);
    expect(await count('crm_email')).toBe(before);
  });
});
