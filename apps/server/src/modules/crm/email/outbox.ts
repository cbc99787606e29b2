import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import type { OutboxMail, OutboxMailDetail } from '@orbit/shared/contract/email';
import { notFound } from '../../../lib/errors';
import { outboxDir } from '../../../lib/mailer';
import { cleanRichText } from '../../../lib/richText';

/** How many of the newest outbox mails the list shows. */
const LIST_MAX = 100;
/** An outbox file's name as lib/mailer.ts makes it: nothing that could leave the folder. */
const NAME = /^[\w-]+\.eml$/;

const addresses = (value: AddressObject | AddressObject[] | undefined) => (Array.isArray(value) ? value.map((v) => v.text).join(', ') : (value?.text ?? ''));

/**
 * The development outbox (DATA_DIR/outbox, lib/mailer.ts) as administrators read it: the mails
 * written there when no SMTP server is set — system mails and mail sent from records alike.
 */
export function createOutbox(dataDir: string) {
  const dir = outboxDir(dataDir);

  async function parsed(name: string) {
    if (!NAME.test(name)) throw notFound('email.outboxNotFound');
    const file = path.join(dir, name);
    const raw = await readFile(file).catch(() => null);
    if (!raw) throw notFound('email.outboxNotFound');
    const mail = await simpleParser(raw);
    const summary: OutboxMail = { name, time: (await stat(file)).mtime.toISOString(), subject: mail.subject ?? '', to: addresses(mail.to), size: raw.length };
    return { mail, summary };
  }

  return {
    async list(): Promise<OutboxMail[]> {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => NAME.test(n));
      // Names start with the time written: newest first by name.
      const newest = names.sort().reverse().slice(0, LIST_MAX);
      return Promise.all(newest.map(async (name) => (await parsed(name)).summary));
    },
    async read(name: string): Promise<OutboxMailDetail> {
      const { mail, summary } = await parsed(name);
      return {
        ...summary,
        from: addresses(mail.from),
        cc: addresses(mail.cc),
        // Shown as HTML in the page: cleaned like any rich text.
        html: mail.html ? cleanRichText(mail.html) : '',
        text: mail.text ?? '',
        attachments: mail.attachments.map((a) => ({ fileName: a.filename ?? '', size: a.size })),
      };
    },
  };
}
