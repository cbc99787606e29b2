import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../helpers/adminApi';
import { settingThrough } from '../helpers/settingsApi';
import { createTestApp, loginAs, type TestApp } from '../helpers/testApp';

type Call = ReturnType<typeof caller>;
type Email = { subject: string; direction: string; threadId: number; status: string; from: string; to: string[]; body: string; attachments: string[] };
type Entry = { kind: string; id: number; email?: Email };
type SmtpFailure = Error & { responseCode?: number; response?: string };

const DROPBOX = 'dropbox@orbit.test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * E-mail in (issue 35): a real SMTP client (nodemailer) sends to the dropbox's listener, started
 * by the app on a free port (INBOUND_SMTP_PORT=0); what it received is read back from the records'
 * timelines, files and the sender's inbox — and NOT from a record outside the sender's scope.
 */
describe('e-mail received by the dropbox', () => {
  let app: TestApp;
  let smtp: Transporter;
  let admin: Call;
  let olivia: Call;
  let noah: Call;
  let account: number;
  let contact: number;
  let openDeal: number;
  let closedDeal: number;
  let lead: number;
  let noahContact: number;

  const rows = async <T>(query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: T[] }).rows;
  const countOf = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);
  const emails = async (call: Call, module: string, id: number) => ((await call('GET', `/crm/${module}/${id}/timeline?kinds=email`)).body.rows as Entry[]).map((e) => e.email!);
  const send = (mail: nodemailer.SendMailOptions) => smtp.sendMail({ envelope: { from: String(mail.from ?? 'olivia.park@example.com'), to: [DROPBOX] }, from: 'Olivia Park <olivia.park@example.com>', ...mail });
  const refusal = async (mail: nodemailer.SendMailOptions) => {
    const error = (await send(mail).then(
      () => null,
      (e: unknown) => e,
    )) as SmtpFailure | null;
    expect(error, 'expected the listener to refuse the mail').not.toBeNull();
    return error!;
  };

  const create = async (call: Call, url: string, body: Record<string, unknown>) => {
    const res = await call('POST', url, body);
    expect(res.body, `${url}: ${res.body.msg}`).toMatchObject({ code: 200 });
    return res.body.data as number;
  };

  beforeAll(async () => {
    app = await createTestApp({ INBOUND_SMTP_PORT: '0', JOB_CONCURRENCY: '0' });
    expect(app.inboundMail.port).toBeGreaterThan(0);
    smtp = nodemailer.createTransport({ host: '127.0.0.1', port: app.inboundMail.port!, secure: false, ignoreTLS: true });
    admin = caller(app, await loginAs(app, 'admin'));
    olivia = caller(app, await loginAs(app, 'olivia.park'));
    noah = caller(app, await loginAs(app, 'noah.king'));
    account = await create(olivia, '/crm/account', { name: 'Inbound Acme' });
    contact = await create(olivia, '/crm/contact', { firstName: 'Mei', lastName: 'Inbound', email: 'Mei.Inbound@Acme.example', accountId: account });
    openDeal = await create(olivia, '/crm/opportunity', { name: 'Acme open deal', accountId: account, stage: 'proposal', closeDate: '2026-12-01', amount: '100.00' });
    closedDeal = await create(olivia, '/crm/opportunity', { name: 'Acme lost deal', accountId: account, stage: 'closed_lost', lossReason: 'Budget cut', closeDate: '2026-01-01', amount: '100.00' });
    lead = await create(olivia, '/crm/leads', { firstName: 'Li', lastName: 'Inbound', company: 'Wei Inbound', email: 'li.inbound@wei.example' });
    // Noah's contact: outside Olivia's scope (sales reps see their own records only).
    noahContact = await create(noah, '/crm/contact', { firstName: 'Zoe', lastName: 'Elsewhere', email: 'zoe@other.example' });
  });
  afterAll(async () => {
    smtp?.close();
    await app.teardown();
  });

  it('a mail BCC’d to the dropbox lands on the people addressed, their account and open opportunities — within the sender’s scope only — with the HTML cleaned and the file sniffed and stored', async () => {
    const info = await send({
      to: '"Mei" <mei.inbound@acme.example>',
      cc: ['zoe@other.example', 'li.inbound@wei.example'],
      subject: 'Our proposal',
      html: '<p>Hello <strong>Mei</strong></p><script>alert(1)</script><img src="https://tracker.example/x.gif" onerror="x()">',
      // Named and labelled as a web page: stored by what its bytes are.
      attachments: [{ filename: 'proposal.html', contentType: 'text/html', content: PDF }],
    });
    expect(info.response).toMatch(/^250 /);

    for (const [module, id] of [['contact', contact], ['account', account], ['opportunity', openDeal], ['leads', lead]] as const) {
      const [mail] = await emails(olivia, module, id);
      expect(mail, module).toMatchObject({ subject: 'Our proposal', direction: 'in', status: 'received', attachments: ['proposal.html'] });
      expect(mail!.body).toContain('<strong>Mei</strong>');
      expect(mail!.body).not.toMatch(/script|onerror|<img/);
    }
    expect(await emails(olivia, 'opportunity', closedDeal)).toEqual([]);
    // Noah's contact was addressed too, but it is not Olivia's to log on.
    expect(await emails(noah, 'contact', noahContact)).toEqual([]);

    // The file is the first record's (the contact's), its type taken from its bytes; the bytes are the ones sent.
    const files = (await olivia('GET', `/crm/contact/${contact}/attachments`)).body.data as Array<{ id: number; fileName: string; contentType: string; size: number }>;
    expect(files.map((f) => [f.fileName, f.contentType, f.size])).toEqual([['proposal.html', 'application/pdf', PDF.length]]);
    const download = await app.inject({ method: 'GET', url: `/dev-api/crm/attachment/${files[0]!.id}`, headers: { authorization: `Bearer ${await loginAs(app, 'olivia.park')}` } });
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // The same mail again (the same Message-ID: received twice, or sent from Orbit with the dropbox in Bcc) is accepted and not kept again.
    const before = await countOf(sql`select count(*)::int as n from crm_email where direction = 'in'`);
    await send({ to: 'mei.inbound@acme.example', subject: 'Our proposal', text: 'again', messageId: info.messageId });
    await send({ to: 'mei.inbound@acme.example', subject: 'Our proposal', text: 'again', messageId: info.messageId });
    const after = await countOf(sql`select count(*)::int as n from crm_email where direction = 'in'`);
    expect(after).toBe(before);
  });

  it('a mail whose From is not an Orbit user is refused with 550, and nothing is kept', async () => {
    const before = await countOf(sql`select count(*)::int as n from crm_email`);
    const error = await refusal({ from: 'stranger@spam.example', to: 'mei.inbound@acme.example', subject: 'Buy now', text: 'spam' });
    expect(error.responseCode).toBe(550);
    expect(error.response).toContain('not a user of Orbit CRM');
    // A disabled user is no sender either.
    await app.db.execute(sql`update sys_user set status = '1' where user_name = 'noah.king'`);
    try {
      expect((await refusal({ from: 'noah.king@example.com', to: 'zoe@other.example', subject: 'x', text: 'x' })).responseCode).toBe(550);
    } finally {
      await app.db.execute(sql`update sys_user set status = '0' where user_name = 'noah.king'`);
    }
    const after = await countOf(sql`select count(*)::int as n from crm_email`);
    expect(after).toBe(before);
    expect(await emails(olivia, 'contact', contact)).toHaveLength(1);
  });

  it('a mail over the size limit (the setting crm.attachment.maxMb) is refused with 552 and leaves nothing behind', async () => {
    const setting = settingThrough(admin, 'attachmentMaxMb');
    expect((await setting.set('1')).body.code).toBe(200);
    try {
      const before = await countOf(sql`select count(*)::int as n from crm_email`);
      const error = await refusal({ to: 'mei.inbound@acme.example', subject: 'Too big', text: 'see file', attachments: [{ filename: 'big.bin', content: Buffer.alloc(1536 * 1024, 7) }] });
      expect(error.responseCode).toBe(552);
      const after = await countOf(sql`select count(*)::int as n from crm_email`);
      expect(after).toBe(before);
    } finally {
      await setting.set('');
    }
  });

  it('a reply to a mail sent from Orbit threads onto the records of the original, whoever it is addressed to', async () => {
    const sent = await olivia('POST', '/crm/email/send', { module: 'opportunity', recordId: openDeal, to: [{ module: 'contact', id: contact }], subject: 'Renewal terms', body: '<p>Terms attached</p>' });
    expect(sent.body, sent.body.msg).toMatchObject({ code: 200 });
    const [original] = await rows<{ id: unknown; message_id: string }>(sql`select id, message_id from crm_email where id = ${sent.body.data}`);
    // Forwarded on to someone Orbit does not know: only the thread ties it to the deal.
    await send({ to: 'partner@unknown.example', subject: 'Re: Renewal terms', text: 'Looping in our partner', inReplyTo: original!.message_id, references: [original!.message_id] });
    for (const [module, id] of [['opportunity', openDeal], ['contact', contact], ['account', account]] as const) {
      const thread = (await emails(olivia, module, id)).filter((m) => m.threadId === Number(original!.id));
      expect(thread.map((m) => [m.direction, m.subject]), module).toEqual([
        ['in', 'Re: Renewal terms'],
        ['out', 'Renewal terms'],
      ]);
    }
    // A reply to the reply (References holds the whole chain) stays in the same thread.
    const [reply] = await rows<{ message_id: string }>(sql`select message_id from crm_email where subject = 'Re: Renewal terms'`);
    await send({ to: 'partner@unknown.example', subject: 'Re: Re: Renewal terms', text: 'And again', inReplyTo: reply!.message_id, references: [original!.message_id, reply!.message_id] });
    const [latest] = await emails(olivia, 'opportunity', openDeal);
    expect(latest).toMatchObject({ subject: 'Re: Re: Renewal terms', direction: 'in', threadId: Number(original!.id) });
  });

  it('a customer’s reply to a mail sent from Orbit comes back by Reply-To (the dropbox setting) and threads onto the records, filed for the original sender; a stranger is still refused', async () => {
    const dropbox = settingThrough(admin, 'emailDropboxAddress');
    expect((await dropbox.set('not an address')).body.code).toBe(400);
    expect((await dropbox.set(DROPBOX)).body.code).toBe(200);
    try {
      const sent = await olivia('POST', '/crm/email/send', { module: 'opportunity', recordId: openDeal, to: [{ module: 'contact', id: contact }], subject: 'Quote for Mei', body: '<p>Our quote</p>' });
      expect(sent.body, sent.body.msg).toMatchObject({ code: 200 });
      const [original] = await rows<{ id: unknown; message_id: string; reply_to: string }>(sql`select id, message_id, reply_to from crm_email where id = ${sent.body.data}`);
      // Mei's "Reply" goes to Olivia and to the dropbox.
      expect(original!.reply_to).toBe(`olivia.park@example.com, ${DROPBOX}`);
      await send({
        envelope: { from: 'mei.inbound@acme.example', to: [DROPBOX] },
        from: 'Mei Inbound <mei.inbound@acme.example>',
        to: `olivia.park@example.com, ${DROPBOX}`,
        subject: 'Re: Quote for Mei',
        text: 'Looks good to us',
        inReplyTo: original!.message_id,
        references: [original!.message_id],
      });
      const [reply] = await rows<{ create_by: unknown; status: string; thread_id: unknown }>(sql`select create_by, status, thread_id from crm_email where subject = 'Re: Quote for Mei'`);
      expect(reply).toMatchObject({ status: 'received', thread_id: original!.id });
      const [oliviaId] = await rows<{ user_id: unknown }>(sql`select user_id from sys_user where user_name = 'olivia.park'`);
      expect(Number(reply!.create_by)).toBe(Number(oliviaId!.user_id));
      for (const [module, id] of [['opportunity', openDeal], ['contact', contact], ['account', account]] as const) {
        const thread = (await emails(olivia, module, id)).filter((m) => m.threadId === Number(original!.id));
        expect(thread.map((m) => [m.direction, m.subject]), module).toEqual([
          ['in', 'Re: Quote for Mei'],
          ['out', 'Quote for Mei'],
        ]);
      }
      // Answering a mail Orbit only received (its Message-ID came from outside) proves nothing: refused.
      const [inbound] = await rows<{ message_id: string }>(sql`select message_id from crm_email where direction = 'in' limit 1`);
      const stranger = await refusal({ envelope: { from: 'stranger@spam.example', to: [DROPBOX] }, from: 'stranger@spam.example', to: DROPBOX, subject: 'Re: x', text: 'x', inReplyTo: inbound!.message_id, references: [inbound!.message_id] });
      expect(stranger.responseCode).toBe(550);
    } finally {
      await dropbox.set('');
    }
  });

  it('unmatched mail waits in the sender’s own inbox, to be linked to a record (its file becoming the record’s) or discarded', async () => {
    await send({ to: 'nobody@unknown.example', subject: 'Met at the fair', html: '<p>Great to meet</p>', attachments: [{ filename: 'card.pdf', content: PDF }] });
    await send({ to: 'nobody@unknown.example', subject: 'Newsletter', text: 'Not for the CRM' });
    const inbox = (await olivia('GET', '/crm/email/inbox')).body.data as Array<{ emailId: number; subject: string; attachments: string[] }>;
    expect(inbox.map((m) => m.subject)).toEqual(['Newsletter', 'Met at the fair']);
    const [newsletter, fair] = inbox;
    expect(fair!.attachments).toEqual(['card.pdf']);
    // Noah sees none of Olivia's inbox and can change none of it.
    expect((await noah('GET', '/crm/email/inbox')).body.data).toEqual([]);
    expect((await noah('POST', `/crm/email/inbox/${fair!.emailId}/link`, { module: 'contact', recordId: noahContact })).status).toBe(404);
    expect((await noah('DELETE', `/crm/email/inbox/${newsletter!.emailId}`)).status).toBe(404);
    // Olivia cannot link it to a record outside her scope.
    expect((await olivia('POST', `/crm/email/inbox/${fair!.emailId}/link`, { module: 'contact', recordId: noahContact })).status).toBe(404);
    expect((await olivia('POST', `/crm/email/inbox/${fair!.emailId}/link`, { module: 'task', recordId: lead })).status).toBe(400);

    const linked = await olivia('POST', `/crm/email/inbox/${fair!.emailId}/link`, { module: 'leads', recordId: lead });
    expect(linked.body, linked.body.msg).toMatchObject({ code: 200 });
    const [onLead] = await emails(olivia, 'leads', lead);
    expect(onLead).toMatchObject({ subject: 'Met at the fair', direction: 'in', status: 'received', attachments: ['card.pdf'] });
    const files = (await olivia('GET', `/crm/leads/${lead}/attachments`)).body.data as Array<{ fileName: string; contentType: string }>;
    expect(files.map((f) => [f.fileName, f.contentType])).toEqual([['card.pdf', 'application/pdf']]);
    // Linked once: it is no longer in the inbox.
    expect((await olivia('POST', `/crm/email/inbox/${fair!.emailId}/link`, { module: 'leads', recordId: lead })).status).toBe(404);

    const storedBefore = await countOf(sql`select count(*)::int as n from crm_email where id = ${newsletter!.emailId}`);
    expect(storedBefore).toBe(1);
    expect((await olivia('DELETE', `/crm/email/inbox/${newsletter!.emailId}`)).body.code).toBe(200);
    expect((await olivia('GET', '/crm/email/inbox')).body.data).toEqual([]);
    const storedAfter = await countOf(sql`select count(*)::int as n from crm_email where id = ${newsletter!.emailId}`);
    expect(storedAfter).toBe(0);
  });

  it('a flood of mail at once: each is kept or told to come back (421 past the connection cap), none half-kept, and the spool is emptied', async () => {
    const before = await countOf(sql`select count(*)::int as n from crm_email where subject like 'Flood %'`);
    expect(before).toBe(0);
    // One connection per mail (no pool): more at once than the listener serves.
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send({ to: 'li.inbound@wei.example', subject: `Flood ${i}`, text: 'x', attachments: [{ filename: `f${i}.bin`, content: Buffer.alloc(256 * 1024, i) }] }).then(
          () => 250,
          (error: SmtpFailure) => error.responseCode ?? 0,
        ),
      ),
    );
    expect(outcomes.every((code) => code === 250 || code === 421), JSON.stringify(outcomes)).toBe(true);
    const accepted = outcomes.filter((code) => code === 250).length;
    expect(accepted).toBeGreaterThan(0);
    expect(await countOf(sql`select count(*)::int as n from crm_email where subject like 'Flood %'`)).toBe(accepted);
    expect(await countOf(sql`select count(*)::int as n from crm_attachment where file_name like 'f%.bin'`)).toBe(accepted);
    // Each spool file goes once its mail is answered.
    await expect.poll(() => readdirSync(path.join(app.config.dataDir, 'inbound')), { timeout: 10_000 }).toEqual([]);
  });

  it('a discarded mail’s files leave the file store', async () => {
    await send({ to: 'nobody@unknown.example', subject: 'With a file', text: 'x', attachments: [{ filename: 'a.pdf', content: PDF }] });
    const [waiting] = await rows<{ id: unknown; pending_files: Array<{ storageKey: string }> | string }>(sql`select id, pending_files from crm_email where subject = 'With a file'`);
    const pending = typeof waiting!.pending_files === 'string' ? (JSON.parse(waiting!.pending_files) as Array<{ storageKey: string }>) : waiting!.pending_files;
    expect(await app.fileStore.stat(pending[0]!.storageKey)).not.toBeNull();
    expect((await olivia('DELETE', `/crm/email/inbox/${Number(waiting!.id)}`)).body.code).toBe(200);
    expect(await app.fileStore.stat(pending[0]!.storageKey)).toBeNull();
  });
});
