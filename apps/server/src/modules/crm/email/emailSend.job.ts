import path from 'node:path';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import { EMAIL_SEND_ATTEMPTS } from '@orbit/shared/crm/email';
import { translate } from '@orbit/shared/messages';
import type { Config } from '../../../config';
import type { Db, Executor } from '../../../db/client';
import { crmAttachment } from '../../../db/schema/crmAttachment';
import { crmEmail } from '../../../db/schema/crmEmail';
import { AppError } from '../../../lib/errors';
import { writeToOutbox } from '../../../lib/mailer';
import { richTextAsPlain } from '../../../lib/richText';
import { fileStoreOf } from '../../files/fileStores';
import type { JobPayload } from '../../jobs/jobQueue';
import type { JobHandler } from '../../jobs/jobRunner';
import { createMailServer } from './mailServer';

type SmtpError = Error & { responseCode?: number; response?: string; code?: string };

const DONE = { storagePath: null, done: 1 } as const;

/** A 5xx answer is the server's final word (RFC 5321): sending again would be refused again. */
const isPermanent = (error: SmtpError) => typeof error.responseCode === 'number' && error.responseCode >= 500;

/** What the timeline shows of a failure: the server's own answer, else why it could not be reached. */
const answerOf = (lang: Language, error: unknown) => {
  const e = error as SmtpError;
  if (error instanceof AppError) return translate(lang, error.key, error.params);
  return e.response?.trim() || translate(lang, 'email.unreachable', { reason: e.message || String(error) });
};

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** The mail ends sent or failed, with the answer, in one statement — and only from queued, so a mail ends once. */
async function finish(db: Db, id: number, status: 'sent' | 'failed', answer: string): Promise<void> {
  await db
    .update(crmEmail)
    .set({ status, answer, sentAt: status === 'sent' ? new Date() : null })
    .where(and(eq(crmEmail.id, id), eq(crmEmail.status, 'queued')));
}

/**
 * Sends one queued mail (crm/email/emailSend.ts queued it) by the route of the moment (mailServer.ts):
 * SMTP, retried with back-off while the server answers "try later" (4xx) or cannot be reached,
 * EMAIL_SEND_ATTEMPTS times in all; a 5xx answer fails it at once. The server's answer and the end
 * state are written together, and a mail found no longer queued is not sent again — so a job taken
 * up after its process died does not resend a mail whose send was recorded. What remains
 * at-least-once: a process killed after the server accepted the mail and before that write sends it
 * again, with the same Message-ID (docs/decisions.md, "E-mail out").
 */
export const emailSendJob: JobHandler = async ({ db, config, payload }) => {
  await sendQueuedEmail(db, config, payload.lang, Number(payload.emailId));
  return DONE;
};

/** The mail of an `emailSend` job the queue failed for good ends failed, saying so, instead of queued for ever (jobQueue.ts JobFailureHooks). */
export async function failEmailOfJob(tx: Executor, payload: JobPayload): Promise<void> {
  await failQueued(tx, eq(crmEmail.id, Number(payload.emailId)), payload.lang);
}

/** Mails meeting `which` still queued end failed because their sending process stopped. */
export async function failQueued(tx: Executor, which: SQL, lang: Language): Promise<void> {
  await tx
    .update(crmEmail)
    .set({ status: 'failed', answer: translate(lang, 'email.processDied') })
    .where(and(which, eq(crmEmail.status, 'queued')));
}

/** Sends mail `id` if it is still queued (see emailSendJob); a mass send's job calls it for each of its mails. */
export async function sendQueuedEmail(db: Db, config: Config, lang: Language, id: number): Promise<void> {
  const [mail] = await db.select().from(crmEmail).where(eq(crmEmail.id, id));
  if (!mail || mail.status !== 'queued') return;

  try {
    const store = fileStoreOf(config);
    const files = mail.attachmentIds.length ? await db.select().from(crmAttachment).where(inArray(crmAttachment.id, mail.attachmentIds)) : [];
    const attachments = [];
    for (const fileId of mail.attachmentIds) {
      const file = files.find((f) => f.id === fileId);
      const content = file && (await store.get(file.storageKey));
      // A file removed from its record after the mail was asked for: the mail does not go without it.
      if (!file || !content) throw new AppError(404, 'attachment.notFound');
      attachments.push({ filename: file.fileName, contentType: file.contentType, content: await readAll(content) });
    }
    const message = {
      from: mail.fromAddress,
      replyTo: mail.replyTo ?? undefined,
      to: mail.toAddresses,
      cc: mail.ccAddresses,
      bcc: mail.bccAddresses,
      subject: mail.subject,
      html: mail.body,
      text: richTextAsPlain(mail.body),
      messageId: mail.messageId,
      attachments,
    };

    for (let attempt = 1; ; attempt++) {
      await db.update(crmEmail).set({ attempts: sql`${crmEmail.attempts} + 1` }).where(eq(crmEmail.id, id));
      try {
        const route = await createMailServer(db, config).route();
        const info = (await route.transport.sendMail(message)) as { response?: string; message?: Buffer };
        if (route.kind === 'outbox') {
          const file = await writeToOutbox(config.dataDir, info.message!);
          await finish(db, id, 'sent', `${translate(lang, 'email.sentToOutbox')}: ${path.basename(file)}`);
        } else {
          await finish(db, id, 'sent', info.response ?? '250');
        }
        return;
      } catch (error) {
        if (error instanceof AppError || isPermanent(error as SmtpError) || attempt >= EMAIL_SEND_ATTEMPTS) throw error;
        await db.update(crmEmail).set({ answer: answerOf(lang, error) }).where(eq(crmEmail.id, id));
        await new Promise((resolve) => setTimeout(resolve, config.emailRetryBaseMs * 4 ** (attempt - 1)));
      }
    }
  } catch (error) {
    await finish(db, id, 'failed', answerOf(lang, error));
  }
}
