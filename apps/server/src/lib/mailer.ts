import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/** The development outbox: where mail goes when no SMTP server is set (system mails and mail sent from records alike). */
export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

/** A transport that builds the message without sending it (its bytes go to the outbox). */
export const outboxTransport = () => nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/** Writes a built message to the outbox; answers its path. */
export async function writeToOutbox(dataDir: string, message: Buffer): Promise<string> {
  const outbox = outboxDir(dataDir);
  await mkdir(outbox, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
  const file = path.join(outbox, name);
  await writeFile(file, message);
  return file;
}

/**
 * SMTP when `SMTP_URL` is set; otherwise each mail becomes an .eml file in `<DATA_DIR>/outbox/`
 * so that password-reset codes work on a machine without a mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : outboxTransport();
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      if (options.smtpUrl) {
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      const file = await writeToOutbox(options.dataDir, (info as unknown as { message: Buffer }).message);
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to outbox');
    },
  };
}
