import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { crmEmail, crmEmailLink } from '../../../../db/schema/crmEmail';
import type { ObjectStore } from '../../../files/objectStore';
import { loadCurrentUser } from '../../../auth/loadCurrentUser';
import { createAttachmentsRepository } from '../../attachments/attachments.repository';
import { matchRecords, repliedToUserId, senderUserId, threadOrigin } from './inboundMatch';
import type { ParsedInbound } from './inboundParse';

/** What became of a received mail. */
export type InboundOutcome =
  | { kind: 'unknownSender' }
  | { kind: 'duplicate'; emailId: number }
  | { kind: 'logged'; emailId: number; records: number }
  | { kind: 'inbox'; emailId: number };

/**
 * Files a received mail (docs/email.md, "E-mail in"). Its From must be an active Orbit user, or it
 * must answer a mail sent from Orbit (a customer's reply: filed for that mail's sender, its From
 * matched to their lead or contact); else it is refused and its files removed. A mail already kept
 * (the same Message-ID: sent from Orbit with the dropbox in Bcc, or received twice) is not kept
 * again. The other addresses — From, To and Cc without the dropbox's (`dropbox`: the envelope's
 * recipients) and a user sender's own — and the mails it answers give the records, within that
 * user's scope (inboundMatch.ts). Matched: one `email` entry (direction in) on each record's
 * timeline, its files recorded as files of the first record. Unmatched: it waits in the user's
 * inbox with its files. One transaction.
 */
export async function fileInboundMail(db: Db, store: ObjectStore, mail: ParsedInbound, dropbox: string[]): Promise<InboundOutcome> {
  const removeFiles = () => Promise.all(mail.files.map((f) => store.delete(f.storageKey)));
  const fromUser = await senderUserId(db, mail.fromAddress);
  const userId = fromUser ?? (await repliedToUserId(db, mail.references));
  const user = userId === undefined ? undefined : await loadCurrentUser(db, userId);
  if (!user) {
    await removeFiles();
    return { kind: 'unknownSender' };
  }
  if (mail.messageId) {
    const [kept] = await db.select({ id: crmEmail.id }).from(crmEmail).where(eq(crmEmail.messageId, mail.messageId));
    if (kept) {
      await removeFiles();
      return { kind: 'duplicate', emailId: kept.id };
    }
  }
  // A user's own address is not a customer's; a customer's is what their reply is matched by.
  const own = new Set([...dropbox, ...(fromUser === undefined ? [] : [mail.fromAddress])]);
  const addresses = mail.addresses.filter((a) => !own.has(a));
  const records = await matchRecords(db, user, addresses, mail.references);
  const origin = await threadOrigin(db, mail.references);
  const first = records[0];

  try {
    return await db.transaction(async (tx) => {
      const attachmentIds = first && mail.files.length ? await createAttachmentsRepository(tx).insert(first.module, first.recordId, user.userId, mail.files) : [];
      const [row] = await tx
        .insert(crmEmail)
        .values({
          // A mail without one gets one, so that a reply to it can still thread.
          messageId: mail.messageId ?? `<${randomUUID()}@inbound.orbit-crm.local>`,
          direction: 'in',
          module: first?.module ?? null,
          recordId: first?.recordId ?? null,
          inReplyTo: mail.inReplyTo,
          threadId: origin?.threadId ?? null,
          fromAddress: mail.from,
          toAddresses: mail.to,
          ccAddresses: mail.cc,
          bccAddresses: [],
          subject: mail.subject,
          body: mail.html,
          attachmentIds,
          attachmentNames: mail.files.map((f) => f.fileName),
          pendingFiles: first ? [] : mail.files,
          status: first ? 'received' : 'inbox',
          sentAt: new Date(),
          createBy: user.userId,
        })
        .returning({ id: crmEmail.id });
      if (records.length) await tx.insert(crmEmailLink).values(records.map((r) => ({ emailId: row!.id, ...r })));
      return first ? { kind: 'logged' as const, emailId: row!.id, records: records.length } : { kind: 'inbox' as const, emailId: row!.id };
    });
  } catch (error) {
    await removeFiles();
    throw error;
  }
}
