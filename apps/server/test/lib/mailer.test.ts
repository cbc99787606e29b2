import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../src/lib/mailer';

const FROM = 'Orbit CRM <no-reply@orbit-crm.local>';
const MAIL = { to: 'admin@example.com', subject: 'Your code', text: 'Your code is 123456.' };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function logger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & { info: ReturnType<typeof vi.fn> };
}

/** The smallest SMTP server that accepts one conversation and keeps what it was given. */
async function fakeSmtp() {
  const received: { from: string; to: string; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    const current = { from: '', to: '', data: '' };
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push({ ...current });
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to = line;
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'DATA' ? '354 go on\r\n' : '250 ok\r\n');
      }
    });
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  return { port, received, close: () => new Promise((r) => server.close(r)) };
}

describe('mailer', () => {
  it('without SMTP_URL writes each mail as an .eml file in DATA_DIR/outbox and logs where', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-mail-'));
    dirs.push(dataDir);
    const log = logger();
    await createMailer({ from: FROM, dataDir, log }).send(MAIL);
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: admin@example.com');
    expect(eml).toContain('Subject: Your code');
    expect(eml).toContain('Your code is 123456.');
    expect(eml).toMatch(/From: Orbit CRM <no-reply@orbit-crm\.local>/);
    expect(log.info).toHaveBeenCalledWith({ to: MAIL.to, subject: MAIL.subject, file: path.join(dataDir, 'outbox', files[0]!) }, 'mail written to outbox');
  });

  it('with SMTP_URL sends over SMTP, writes nothing to the outbox, and logs no body', async () => {
    const smtp = await fakeSmtp();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-mail-'));
    dirs.push(dataDir);
    const log = logger();
    try {
      await createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: FROM, dataDir, log }).send(MAIL);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.from).toContain('no-reply@orbit-crm.local');
      expect(smtp.received[0]!.to).toContain('admin@example.com');
      expect(smtp.received[0]!.data).toContain('Your code is 123456.');
      expect(readdirSync(dataDir)).not.toContain('outbox');
      // The code is a secret: the log line names the mail, never its text.
      expect(JSON.stringify(log.info.mock.calls)).not.toContain('123456');
      expect(log.info).toHaveBeenCalledWith({ to: MAIL.to, subject: MAIL.subject }, 'mail sent');
    } finally {
      await smtp.close();
    }
  });
});
