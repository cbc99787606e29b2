import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EMAIL_CODE_LENGTH } from '@orbit/shared/constants';

/** Mails the server wrote to `DATA_DIR/outbox` (no SMTP in tests), oldest first. */
export function outboxMails(dataDir: string): { file: string; text: string }[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(outbox, file), 'utf8') }));
}

/** The text of a single-part mail, with its transfer encoding (base64 or quoted-printable) undone. */
export function mailBody(eml: string): string {
  const [headers = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join('\n');
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * Waits for a new mail to `to` (one not among `seen`) and answers the e-mail code in it.
 * `seen` is the outbox listing taken before the action that sends the mail.
 */
export async function waitForMailCode(dataDir: string, to: string, seen: string[] = [], timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`\\b(\\d{${EMAIL_CODE_LENGTH}})\\b`);
  for (;;) {
    const mail = outboxMails(dataDir)
      .filter((m) => !seen.includes(m.file) && new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'im').test(m.text))
      .pop();
    const body = mail ? mailBody(mail.text) : '';
    const code = pattern.exec(body)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no mail with a code to ${to} in ${dataDir}/outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
