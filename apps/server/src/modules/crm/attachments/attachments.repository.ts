import { and, desc, eq, inArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Attachment } from '@orbit/shared/contract/attachments';
import type { CrmModule } from '@orbit/shared/crm/modules';
import type { Executor } from '../../../db/client';
import { crmAttachment } from '../../../db/schema/crmAttachment';
import { sysUser } from '../../../db/schema/organisation';
import type { CurrentUser } from '../../auth/currentUser';
import { moduleSeedOf } from '../engine/crmModules';
import { recordAccess } from '../engine/query/recordAccess';
import { rowsOf } from '../engine/query/sql';

export type NewAttachment = { fileName: string; contentType: string; size: number; storageKey: string };

/**
 * Whether the record is present (not in the recycle bin) and within the caller's access — the
 * engine's own rule (query/recordAccess.ts), the same as opening the record. `lock`: held until the
 * transaction ends, so the record cannot go to the bin under a write of its files.
 */
export async function recordOpenable(db: Executor, module: CrmModule, user: CurrentUser, id: number, lock = false): Promise<boolean> {
  // Opening the files is reading the record; a write of them (`lock`) needs write access to it.
  const scope = recordAccess(user, module, lock ? 'write' : 'read');
  const rows = await rowsOf(
    db,
    sql`select id from ${sql.identifier(moduleSeedOf(module).table)} where id = ${id} and deleted_at is null${scope ? sql` and ${scope}` : sql``}${lock ? sql` for share` : sql``}`,
  );
  return rows.length > 0;
}

const listColumns = {
  id: crmAttachment.id,
  fileName: crmAttachment.fileName,
  contentType: crmAttachment.contentType,
  size: crmAttachment.size,
  createBy: crmAttachment.createBy,
  createByName: sysUser.nickName,
  createTime: crmAttachment.createTime,
};

export function createAttachmentsRepository(db: Executor) {
  return {
    /** A record's files, newest first, with their uploaders' names. */
    async list(module: CrmModule, recordId: number): Promise<Attachment[]> {
      const rows = await db
        .select(listColumns)
        .from(crmAttachment)
        .leftJoin(sysUser, eq(sysUser.userId, crmAttachment.createBy))
        .where(and(eq(crmAttachment.module, module), eq(crmAttachment.recordId, recordId)))
        .orderBy(desc(crmAttachment.createTime), desc(crmAttachment.id));
      return rows.map((r) => ({ ...r, createTime: r.createTime.toISOString() }));
    },

    async insert(module: CrmModule, recordId: number, userId: number, files: NewAttachment[]): Promise<number[]> {
      const rows = await db
        .insert(crmAttachment)
        .values(files.map((f) => ({ ...f, module, recordId, createBy: userId })))
        .returning({ id: crmAttachment.id });
      return rows.map((r) => r.id);
    },

    async byId(id: number) {
      const [row] = await db.select().from(crmAttachment).where(eq(crmAttachment.id, id));
      return row ?? null;
    },

    /** Removes the row; answers its storage key (the bytes go after the transaction). */
    async remove(id: number): Promise<string | null> {
      const [row] = await db.delete(crmAttachment).where(eq(crmAttachment.id, id)).returning({ storageKey: crmAttachment.storageKey });
      return row?.storageKey ?? null;
    },

    /** Removes the files of purged records; answers their storage keys. */
    async removeOfRecords(module: CrmModule, recordIds: number[]): Promise<string[]> {
      if (!recordIds.length) return [];
      const rows = await db
        .delete(crmAttachment)
        .where(and(eq(crmAttachment.module, module), inArray(crmAttachment.recordId, recordIds)))
        .returning({ storageKey: crmAttachment.storageKey });
      return rows.map((r) => r.storageKey);
    },

    /** A merge: the merged records' files go to the survivor. */
    async moveToRecord(module: CrmModule, survivorId: number, mergedIds: number[]): Promise<void> {
      if (!mergedIds.length) return;
      await db.update(crmAttachment).set({ recordId: survivorId }).where(and(eq(crmAttachment.module, module), inArray(crmAttachment.recordId, mergedIds)));
    },
  };
}
