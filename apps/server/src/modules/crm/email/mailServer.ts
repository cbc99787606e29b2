import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailServerBody, MailServerSettings } from '@orbit/shared/contract/email';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { crmMailServer } from '../../../db/schema/crmEmail';
import { badRequest } from '../../../lib/errors';
import { outboxTransport } from '../../../lib/mailer';
import { seal, unseal } from '../../../lib/secretBox';
import { createSettings } from '../../system/config/settings';

const ROW_ID = 1;

/** Where a mail goes: an SMTP transport (with its sender address), or the development outbox. */
export type MailRoute = { kind: 'smtp'; transport: Transporter; from: string } | { kind: 'outbox'; transport: Transporter; from: string };

/** The address part of `Name <address>` (or the whole text). */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The Reply-To of mail sent from Orbit: the sender, and the dropbox address when the setting names
 * one, so that a customer's reply reaches both the sender and Orbit, which threads it onto the
 * records of the mail it answers (inbound/inboundStore.ts). Null when there is neither.
 */
export async function replyToOf(db: Db, config: Config, senderEmail: string | null | undefined): Promise<string | null> {
  const { emailDropboxAddress } = await createSettings(db, config).read(['emailDropboxAddress']);
  const addresses = [...new Set([senderEmail, emailDropboxAddress].filter((a): a is string => !!a))];
  return addresses.length ? addresses.join(', ') : null;
}

/**
 * The SMTP server of Settings (an administrator's), else `SMTP_URL`, else the development outbox —
 * the same choice the system mails make (lib/mailer.ts), with Settings in front. Read per send, so
 * a change in Settings applies to the next mail without a restart.
 */
export function createMailServer(db: Db, config: Config) {
  async function row() {
    const [found] = await db.select().from(crmMailServer).where(eq(crmMailServer.id, ROW_ID));
    return found ?? null;
  }

  return {
    async settings(): Promise<MailServerSettings> {
      const saved = await row();
      const secretKeySet = Boolean(config.secretKey);
      if (saved) {
        return { source: 'settings', host: saved.host, port: saved.port, secure: saved.secure, user: saved.userName, fromAddress: saved.fromAddress, passwordSet: saved.passwordSealed !== null, secretKeySet };
      }
      if (config.smtpUrl) {
        const url = new URL(config.smtpUrl);
        // The environment's password is not the API's to tell either: only the host and user show.
        return { source: 'environment', host: url.hostname, port: url.port ? Number(url.port) : null, secure: url.protocol === 'smtps:', user: decodeURIComponent(url.username), fromAddress: addressOf(config.mailFrom), passwordSet: url.password !== '', secretKeySet };
      }
      return { source: 'outbox', host: '', port: null, secure: false, user: '', fromAddress: addressOf(config.mailFrom), passwordSet: false, secretKeySet };
    },

    /** Saves the server; a password sent is sealed (refused without ORBIT_SECRET_KEY), none sent keeps the stored one, an empty one removes it. */
    async save(body: MailServerBody & { password?: string }, by: string): Promise<void> {
      let passwordSealed: string | null | undefined;
      if (body.password !== undefined) {
        if (body.password === '') passwordSealed = null;
        else if (!config.secretKey) throw badRequest('email.noSecretKey');
        else passwordSealed = seal(config.secretKey, body.password);
      }
      const values = { host: body.host, port: body.port, secure: body.secure ?? false, userName: body.user ?? '', fromAddress: body.fromAddress ?? '', updateBy: by, updateTime: new Date() };
      await db
        .insert(crmMailServer)
        .values({ id: ROW_ID, ...values, passwordSealed: passwordSealed ?? null })
        .onConflictDoUpdate({ target: crmMailServer.id, set: passwordSealed === undefined ? values : { ...values, passwordSealed } });
    },

    /** Forgets the server of Settings: mail goes by `SMTP_URL` or to the outbox again. */
    async remove(): Promise<void> {
      await db.delete(crmMailServer).where(eq(crmMailServer.id, ROW_ID));
    },

    /** Where the next mail goes. */
    async route(): Promise<MailRoute> {
      const saved = await row();
      if (saved) {
        let pass: string | undefined;
        if (saved.passwordSealed) {
          pass = config.secretKey ? (unseal(config.secretKey, saved.passwordSealed) ?? undefined) : undefined;
          if (pass === undefined) throw badRequest('email.secretKeyChanged');
        }
        const transport = nodemailer.createTransport({ host: saved.host, port: saved.port, secure: saved.secure, auth: saved.userName ? { user: saved.userName, pass: pass ?? '' } : undefined });
        return { kind: 'smtp', transport, from: saved.fromAddress || addressOf(config.mailFrom) };
      }
      if (config.smtpUrl) return { kind: 'smtp', transport: nodemailer.createTransport(config.smtpUrl), from: addressOf(config.mailFrom) };
      return { kind: 'outbox', transport: outboxTransport(), from: addressOf(config.mailFrom) };
    },
  };
}
