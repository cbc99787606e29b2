import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { massEmailSendJob } from '../../src/modules/crm/email/massEmailSend.job';
import { MAX_ATTEMPTS } from '../../src/modules/jobs/jobQueue';
import { JobReleased } from '../../src/modules/jobs/jobRunner';
import { caller } from '../helpers/adminApi';
import { listIds, withFilter } from '../helpers/crmApi';
import { run, uploaded } from '../helpers/importApi';
import { startSmtpSink } from '../helpers/smtpSink';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
type Summary = { massEmailId: number; queued: number; skippedOptOut: number; skippedNoAddress: number; sent: number; failed: number; perMinute: number };

/**
 * Mass e-mail (issue 35): one template to a list selection or a campaign's members, through a real
 * SMTP server started here — each mail personalised, opted-out people and people without an address
 * skipped and counted, the sender's scope kept in one query, the throttle fixed in each mail's time,
 * and each person mailed once even when the sending job is taken up again after its process died.
 */
describe('mass e-mail', () => {
  let app: TestApp;
  let sink: Sink;
  let admin: Call;
  let olivia: Call;
  let oliviaToken: string;
  let noah: Call;
  let emma: Call;
  let sophia: Call;
  let leadTemplate: number;
  let contactTemplate: number;
  const leads: Record<string, number> = {};

  const rows = async <T,>(query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  const count = async (table: string) => Number((await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n);
  const create = async (call: Call, module: string, body: Record<string, unknown>) => {
    const res = await call('POST', `/crm/${module}`, body);
    expect(res.body, res.body.msg).toMatchObject({ code: 200 });
    return res.body.data as number;
  };
  const mass = async (call: Call, body: Record<string, unknown>, lang = 'en') => call('POST', '/crm/email/mass', body, { 'accept-language': lang });
  const setPerMinute = async (value: string, lang = 'en') => {
    const list = await admin('GET', '/system/config/list?pageSize=100&configKey=crm.email.massPerMinute');
    const row = (list.body.rows as Array<Record<string, unknown>>).find((r) => r.configKey === 'crm.email.massPerMinute')!;
    return admin('PUT', '/system/config', { ...row, configValue: value }, { 'accept-language': lang });
  };
  const subjects = () => sink.received.map((m) => m.parsed.subject).sort();
  /** A process (`worker`) claims the queued mass send, sends its first mail and dies: its job stops being its own. */
  const claimAndDieAfterOneMail = async (worker: string) => {
    const job = (await app.jobQueue.claim(worker))!;
    expect(job.kind).toBe('massEmailSend');
    await expect(
      massEmailSendJob({
        db: app.db, reporting: undefined as never, config: app.config, job, payload: job.payload as never,
        progress: async (done) => {
          if (done >= 1) throw new JobReleased();
        },
      }),
    ).rejects.toBeInstanceOf(JobReleased);
    return job;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await createTestApp({ SMTP_URL: sink.url, JOB_CONCURRENCY: '0', EMAIL_RETRY_BASE_MS: '10' });
    admin = caller(app, await loginAs(app, 'admin'));
    oliviaToken = await loginAs(app, 'olivia.park');
    olivia = caller(app, oliviaToken);
    noah = caller(app, await loginAs(app, 'noah.king'));
    emma = caller(app, await loginAs(app, 'emma.stone'));
    sophia = caller(app, await loginAs(app, 'sophia.reed'));
    leads.li = await create(olivia, 'leads', { firstName: 'Li', lastName: 'Wei', company: 'Wei Trading', email: 'li.wei@wei.example' });
    leads.ana = await create(olivia, 'leads', { firstName: 'Ana', lastName: 'Silva', company: 'Silva & Co', email: 'ana@silva.example' });
    leads.out = await create(olivia, 'leads', { firstName: 'Otto', lastName: 'Out', company: 'Out GmbH', email: 'otto@out.example', emailOptOut: true });
    leads.none = await create(olivia, 'leads', { firstName: 'Nora', lastName: 'None', company: 'No Mail Ltd' });
    leads.noahs = await create(noah, 'leads', { firstName: 'Nick', lastName: 'Noah', company: 'West Co', email: 'nick@west.example' });
    const template = await olivia('POST', '/crm/email/template', { name: 'Mass EN', language: 'en', subject: 'Hello {{lead.firstName}}', body: '<p>Dear {{lead.firstName}} of {{lead.company}}, from {{sender.nickName}}</p>' });
    expect(template.body, template.body.msg).toMatchObject({ code: 200 });
    leadTemplate = template.body.data as number;
    const zh = await admin('POST', '/crm/email/template', { name: 'Members ZH', language: 'zh', shared: true, subject: '{{contact.lastName}}{{lead.lastName}}，您好', body: '<p>{{account.name}} {{contact.firstName}}{{lead.firstName}}</p>' });
    expect(zh.body, zh.body.msg).toMatchObject({ code: 200 });
    contactTemplate = zh.body.data as number;
  });
  afterAll(async () => {
    await app.teardown();
    await sink.close();
  });
  beforeEach(() => sink.reset());

  it('the opt-out field is a filterable checkbox of leads and contacts, on their layouts', async () => {
    for (const module of ['leads', 'contact']) {
      const meta = (await olivia('GET', `/crm/meta/${module}`)).body.data as { fields: Array<{ name: string; type: string; filterable: boolean }>; layouts: Array<{ sections: Array<{ fields: Array<{ field: string }> }> }> };
      expect(meta.fields.find((f) => f.name === 'emailOptOut')).toMatchObject({ type: 'checkbox', filterable: true });
      expect(meta.layouts.every((l) => l.sections.some((s) => s.fields.some((f) => f.field === 'emailOptOut')))).toBe(true);
    }
    expect((await olivia('GET', `/crm/leads/${leads.out}`)).body.data).toMatchObject({ emailOptOut: true });
    expect((await olivia('GET', `/crm/leads/${leads.li}`)).body.data).toMatchObject({ emailOptOut: false });
    // Filtered on, and imported from a sheet ("Yes").
    expect((await listIds(olivia, withFilter('/crm/leads/list', { field: 'emailOptOut', op: 'eq', value: true }))).ids).toEqual([leads.out]);
    const up = await uploaded(app, oliviaToken, 'leads', [['Last Name', 'Email', 'E-mail Opt-out'], ['Imported', 'imported@opt.example', 'Yes']]);
    await run(app, olivia, 'leads', up, { duplicatePolicy: 'create', timezoneOffset: 0 });
    const optedOut = await listIds(olivia, withFilter('/crm/leads/list', { field: 'emailOptOut', op: 'eq', value: true }));
    expect(optedOut.ids).toHaveLength(2);
    expect(optedOut.ids).toContain(leads.out);
  });

  it('a list selection: each mail personalised, opted-out and address-less people skipped and counted, another rep’s lead not mailed; logged on the timelines', async () => {
    const before = await count('crm_email');
    const res = await mass(olivia, { templateId: leadTemplate, module: 'leads', ids: [leads.li, leads.ana, leads.out, leads.none, leads.noahs] });
    expect(res.body, res.body.msg).toMatchObject({ code: 200, data: { queued: 2, skippedOptOut: 1, skippedNoAddress: 1, sent: 0 } });
    const summary = res.body.data as Summary;
    expect(await count('crm_email')).toBe(before + 2);
    await app.jobs.drain();

    expect(subjects()).toEqual(['Hello Ana', 'Hello Li']);
    const li = sink.received.find((m) => m.parsed.subject === 'Hello Li')!;
    expect(li.rcptTo).toEqual(['li.wei@wei.example']);
    expect(li.parsed.html).toContain('Dear Li of Wei Trading, from Olivia Park');
    expect(sink.received.find((m) => m.parsed.subject === 'Hello Ana')!.parsed.html).toContain('Silva &amp; Co');
    expect(sink.received.flatMap((m) => m.rcptTo)).not.toContain('nick@west.example');
    expect(sink.received.flatMap((m) => m.rcptTo)).not.toContain('otto@out.example');

    const timeline = (await olivia('GET', `/crm/leads/${leads.li}/timeline?kinds=email`)).body.rows as Array<{ kind: string; email: { subject: string; status: string } }>;
    expect(timeline[0]).toMatchObject({ kind: 'email', email: { subject: 'Hello Li', status: 'sent' } });
    expect((await olivia('GET', `/crm/leads/${leads.out}/timeline?kinds=email`)).body.rows).toEqual([]);

    const progress = await olivia('GET', `/crm/email/mass/${summary.massEmailId}`);
    expect(progress.body.data).toMatchObject({ queued: 2, sent: 2, failed: 0, skippedOptOut: 1, skippedNoAddress: 1 });
    // Another sender does not see it.
    expect((await noah('GET', `/crm/email/mass/${summary.massEmailId}`)).status).toBe(404);
    expect(((await noah('GET', '/crm/email/mass')).body.data as Summary[]).map((s) => s.massEmailId)).not.toContain(summary.massEmailId);
  });

  it('a message written for the send, without a template: personalised for each person in the sender’s language, named by its subject', async () => {
    const res = await mass(olivia, { module: 'leads', ids: [leads.li, leads.ana, leads.out], subject: 'News for {{lead.firstName}}', body: '<p>Dear {{lead.firstName}} of {{lead.company}},</p><p>our news.</p>' }, 'zh');
    expect(res.body, res.body.msg).toMatchObject({ code: 200, data: { queued: 2, skippedOptOut: 1, templateName: 'News for {{lead.firstName}}' } });
    await app.jobs.drain();
    expect(subjects()).toEqual(['News for Ana', 'News for Li']);
    expect(sink.received.find((m) => m.parsed.subject === 'News for Li')!.parsed.html).toContain('Dear Li of Wei Trading');
    const [row] = await rows<{ template_id: unknown }>(sql`select template_id from crm_mass_email where id = ${(res.body.data as Summary).massEmailId}`);
    expect(row!.template_id).toBeNull();
  });

  it('a campaign’s members, leads and contacts, within the sender’s scope; merged in the template’s language', async () => {
    const campaign = await create(emma, 'campaign', { name: 'Spring Mailing' });
    const account = await create(olivia, 'account', { name: '上海贸易' });
    const contact = await create(olivia, 'contact', { firstName: '美', lastName: '陈', email: 'mei@sh.example', accountId: account });
    const added = await admin('POST', `/crm/campaign/${campaign}/members`, { leadIds: [leads.li, leads.noahs, leads.out], contactIds: [contact] });
    expect(added.body, added.body.msg).toMatchObject({ code: 200 });

    const res = await mass(emma, { templateId: contactTemplate, campaignId: campaign });
    expect(res.body, res.body.msg).toMatchObject({ code: 200, data: { module: 'campaign', campaignId: campaign, queued: 2, skippedOptOut: 1, skippedNoAddress: 0 } });
    await app.jobs.drain();
    // Noah's lead is in the West: outside Emma's department, so not mailed.
    expect(sink.received.flatMap((m) => m.rcptTo).sort()).toEqual(['li.wei@wei.example', 'mei@sh.example']);
    expect(sink.received.find((m) => m.rcptTo[0] === 'mei@sh.example')!.parsed.subject).toBe('陈，您好');
    expect(sink.received.find((m) => m.rcptTo[0] === 'mei@sh.example')!.parsed.html).toContain('上海贸易 美');
    const ofCampaign = (await emma('GET', `/crm/email/mass?campaignId=${campaign}`)).body.data as Summary[];
    expect(ofCampaign).toHaveLength(1);
    expect(ofCampaign[0]).toMatchObject({ queued: 2, sent: 2 });
    const onContact = (await olivia('GET', `/crm/contact/${contact}/timeline?kinds=email`)).body.rows as Array<{ email: { status: string } }>;
    expect(onContact[0]!.email.status).toBe('sent');
  });

  it('merge fields follow the sender’s field-level security: a field hidden from their role merges as empty (mass send and preview); another role’s sender merges it', async () => {
    const [rep] = await rows<{ role_id: unknown }>(sql`select role_id from sys_role where role_key = 'sales_rep'`);
    const hide = (access: string) => admin('PUT', '/setup/leads/fieldSecurity', { cells: [{ field: 'company', roleId: Number(rep!.role_id), access }] });
    const shared = await admin('POST', '/crm/email/template', { name: 'Company merge', language: 'en', shared: true, subject: 'For {{lead.company}}', body: '<p>Dear {{lead.firstName}} of [{{lead.company}}]</p>' });
    expect(shared.body, shared.body.msg).toMatchObject({ code: 200 });
    const template = shared.body.data as number;
    expect((await hide('hidden')).body.code).toBe(200);
    try {
      const preview = await olivia('GET', `/crm/email/template/${template}/preview?module=leads&recordId=${leads.li}`);
      expect(preview.body.data.subject.trim()).toBe('For');
      expect(preview.body.data.body).toBe('<p>Dear Li of []</p>');
      expect((await mass(olivia, { templateId: template, module: 'leads', ids: [leads.li] })).body).toMatchObject({ code: 200, data: { queued: 1 } });
      await app.jobs.drain();
      expect(sink.received.map((m) => m.parsed.subject)).toEqual(['For']);
      expect(sink.received[0]!.parsed.html).toContain('Dear Li of []');
      expect(sink.received[0]!.parsed.html).not.toContain('Wei Trading');
      // A single mail from the record, by the same template, alike.
      expect((await olivia('POST', '/crm/email/send', { module: 'leads', recordId: leads.li, to: [{ module: 'leads', id: leads.li }], cc: [], bcc: [], subject: '', body: '', templateId: template })).body.code).toBe(200);
      await app.jobs.drain();
      expect(sink.received.map((m) => String(m.parsed.html)).filter((h) => h.includes('Wei Trading'))).toEqual([]);

      // The manager's role sees the company: her mail has it.
      sink.reset();
      expect((await emma('GET', `/crm/email/template/${template}/preview?module=leads&recordId=${leads.li}`)).body.data).toEqual({ subject: 'For Wei Trading', body: '<p>Dear Li of [Wei Trading]</p>' });
      expect((await mass(emma, { templateId: template, module: 'leads', ids: [leads.li] })).body).toMatchObject({ code: 200, data: { queued: 1 } });
      await app.jobs.drain();
      expect(sink.received.map((m) => m.parsed.subject)).toEqual(['For Wei Trading']);
    } finally {
      await hide('edit');
    }
  });

  it('throttled by the setting: each mail’s time 60 000 / (mails per minute) ms after the one before, and none sent before it', async () => {
    expect((await setPerMinute('0')).body.msg).toMatch(/1.*6000/);
    expect((await setPerMinute('6001', 'zh')).body.code).not.toBe(200);
    expect((await setPerMinute('600')).body.code).toBe(200);
    const res = await mass(olivia, { templateId: leadTemplate, module: 'leads', ids: [leads.li, leads.ana] });
    expect(res.body.data).toMatchObject({ queued: 2, perMinute: 600 });
    await app.jobs.drain();
    const mails = await rows<{ not_before: string; sent_at: string; status: string }>(
      sql`select not_before, sent_at, status from crm_email where mass_email_id = ${(res.body.data as Summary).massEmailId} order by not_before`,
    );
    expect(mails.map((m) => m.status)).toEqual(['sent', 'sent']);
    expect(new Date(mails[1]!.not_before).getTime() - new Date(mails[0]!.not_before).getTime()).toBe(100);
    for (const m of mails) expect(new Date(m.sent_at).getTime()).toBeGreaterThanOrEqual(new Date(m.not_before).getTime());
    expect((await setPerMinute('6000')).body.code).toBe(200);
  });

  it('exactly once per person: a job taken up again after its process died sends only what was not sent, and the key refuses a second mail', async () => {
    const res = await mass(olivia, { templateId: leadTemplate, module: 'leads', ids: [leads.li, leads.ana] });
    const massEmailId = (res.body.data as Summary).massEmailId;
    // A process claims the job, sends the first mail and dies (its job stops being its own).
    const job = await claimAndDieAfterOneMail('dead-process');
    expect(subjects()).toEqual(['Hello Li']);
    await app.db.execute(sql`update sys_job set heartbeat_at = now() - interval '1 hour' where id = ${job.id}`);
    expect((await app.jobQueue.reapStale(new Date())).retried).toBe(1);
    await app.jobs.drain();
    expect(subjects()).toEqual(['Hello Ana', 'Hello Li']);
    // Run yet again: nothing is queued any more.
    await massEmailSendJob({ db: app.db, reporting: undefined as never, config: app.config, job, payload: job.payload as never, progress: async () => undefined });
    expect(sink.received).toHaveLength(2);
    await expect(
      app.db.execute(sql`insert into crm_email (message_id, module, record_id, from_address, to_addresses, cc_addresses, bcc_addresses, subject, body, attachment_ids, attachment_names, create_by, mass_email_id)
                         values ('<x@y>', 'leads', ${leads.li}, 'a@b', '[]', '[]', '[]', 's', 'b', '[]', '[]', 1, ${massEmailId})`),
    ).rejects.toThrow();
  });

  it('the mails of a mass send whose job the queue fails for good end failed, not queued for ever; those already sent stay sent', async () => {
    const res = await mass(olivia, { templateId: leadTemplate, module: 'leads', ids: [leads.li, leads.ana] });
    const massEmailId = (res.body.data as Summary).massEmailId;
    const job = await claimAndDieAfterOneMail('dying-process');
    // Its last attempt: the queue fails it instead of running it again.
    await app.db.execute(sql`update sys_job set attempts = ${MAX_ATTEMPTS}, heartbeat_at = now() - interval '1 hour' where id = ${job.id}`);
    expect(await app.jobQueue.reapStale(new Date())).toEqual({ retried: 0, failed: 1 });
    const mails = await rows<{ status: string; answer: string | null }>(sql`select status, answer from crm_email where mass_email_id = ${massEmailId} order by id`);
    expect(mails.map((m) => m.status).sort()).toEqual(['failed', 'sent']);
    expect(mails.find((m) => m.status === 'failed')!.answer).toBe('The sending process stopped before the server answered');
  });

  it('bad input is refused with a translated message and nothing queued; the permission and the module’s read are checked', async () => {
    const [mails, masses, jobs] = [await count('crm_email'), await count('crm_mass_email'), await count('sys_job')];
    const noTemplate = await mass(olivia, { module: 'leads', ids: [leads.li] });
    expect(noTemplate.status).toBe(400);
    expect(JSON.stringify(noTemplate.body)).toContain('Please choose a template or write the message');
    const noTemplateZh = await mass(olivia, { module: 'leads', ids: [leads.li] }, 'zh');
    expect(JSON.stringify(noTemplateZh.body)).toContain('请选择模板或撰写邮件');
    // A written message is checked as a template is.
    const unknownField = await mass(olivia, { module: 'leads', ids: [leads.li], subject: 'Hi', body: '<p>{{lead.salary}}</p>' }, 'zh');
    expect(unknownField.body.msg).toBe('未知的合并字段 {{lead.salary}}：请使用列出的字段');
    expect((await mass(olivia, { module: 'leads', ids: [leads.li], subject: '', body: '<p>Hi</p>' })).status).toBe(400);
    expect((await mass(olivia, { module: 'leads', ids: [leads.li], subject: 'Hi', body: '<p> </p>' })).body.msg).toBe('Please write the message');
    const empty = await mass(olivia, { templateId: leadTemplate, module: 'leads', ids: [] });
    expect(empty.body).toMatchObject({ code: 400, msg: 'Please select at least one lead or contact' });
    expect((await mass(olivia, { templateId: leadTemplate, module: 'leads', ids: [] }, 'zh')).body.msg).toBe('请至少选择一条线索或联系人');
    const otherTemplate = await mass(noah, { templateId: leadTemplate, module: 'leads', ids: [leads.noahs] });
    expect(otherTemplate.status).toBe(404);
    expect((await mass(sophia, { templateId: contactTemplate, module: 'leads', ids: [leads.li] })).status).toBe(403);
    expect([await count('crm_email'), await count('crm_mass_email'), await count('sys_job')]).toEqual([mails, masses, jobs]);
  });
});
