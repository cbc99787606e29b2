import { and, desc, eq } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { InboxLinkBody, InboxMail } from '@orbit/shared/contract/emailInbound';
import { INBOX_PAGE_MAX } from '@orbit/shared/crm/emailInbound';
import type { Db, Executor } from '../../../../db/client';
import { crmEmail, crmEmailLink } from '../../../../db/schema/crmEmail';
import { notFound } from '../../../../lib/errors';
import type { CurrentUser } from '../../../auth/currentUser';
import type { ObjectStore } from '../../../files/objectStore';
import { createAttachmentsRepository, recordOpenable } from '../../attachments/attachments.repository';
import { recordNotFound } from '../../engine/records/moduleRecords';
import { accountIdOf, scopedRecord } from '../emailRecords';

const mine = (user: CurrentUser, id: number) => and(eq(crmEmail.id, id), eq(crmEmail.createBy, user.userId), eq(crmEmail.status, 'inbox'));

/** The caller's own waiting mail, locked for the change (another tab linking or discarding it waits, then finds it gone). */
async function lockMine(tx: Executor, user: CurrentUser, id: number) {
  const [row] = await tx.select().from(crmEmail).where(mine(user, id)).for('update');
  if (!row) throw notFound('email.inboxNotFound');
  return row;
}

/**
 * A user's inbox (docs/email.md, "E-mail in"): received mails of theirs that matched no record in
 * their scope. Only their own: another user's mail is not found, whatever its id.
 */
export function createInbox(db: Db, store: ObjectStore) {
  return {
    async list(user: CurrentUser): Promise<InboxMail[]> {
      const rows = await db
        .select()
        .from(crmEmail)
        .where(and(eq(crmEmail.createBy, user.userId), eq(crmEmail.status, 'inbox')))
        .orderBy(desc(crmEmail.createTime), desc(crmEmail.id))
        .limit(INBOX_PAGE_MAX);
      return rows.map((r) => ({
        emailId: r.id,
        subject: r.subject,
        from: r.fromAddress,
        to: r.toAddresses,
        cc: r.ccAddresses,
        body: r.body,
        attachments: r.attachmentNames,
        receivedAt: r.createTime.toISOString(),
      }));
    },

    /**
     * Puts a waiting mail on a record the caller may open (and on its account, as a mail sent from
     * it would be): its timeline shows it from then on, and its files become the record's files.
     */
    async link(user: CurrentUser, lang: Language, id: number, target: InboxLinkBody): Promise<void> {
      const record = await scopedRecord(db, user, lang, target.module, target.recordId);
      if (!record) throw recordNotFound();
      const links = [{ module: target.module, recordId: target.recordId }];
      const accountId = accountIdOf(target.module, record);
      if (accountId && target.module !== 'account') links.push({ module: 'account', recordId: accountId });
      await db.transaction(async (tx) => {
        const mail = await lockMine(tx, user, id);
        // Again under the transaction, locked: the record may have gone to the bin meanwhile.
        if (!(await recordOpenable(tx, target.module, user, target.recordId, true))) throw recordNotFound();
        const attachmentIds = mail.pendingFiles.length ? await createAttachmentsRepository(tx).insert(target.module, target.recordId, user.userId, mail.pendingFiles) : [];
        await tx
          .update(crmEmail)
          .set({ status: 'received', module: target.module, recordId: target.recordId, attachmentIds, pendingFiles: [] })
          .where(eq(crmEmail.id, id));
        await tx.insert(crmEmailLink).values(links.map((l) => ({ emailId: id, ...l }))).onConflictDoNothing();
      });
    },

    /** Removes a waiting mail and its files (the bytes after the row is gone). */
    async discard(user: CurrentUser, id: number): Promise<void> {
      const files = await db.transaction(async (tx) => {
        const mail = await lockMine(tx, user, id);
        await tx.delete(crmEmail).where(eq(crmEmail.id, id));
        return mail.pendingFiles;
      });
      await Promise.all(files.map((f) => store.delete(f.storageKey)));
    },
  };
}
