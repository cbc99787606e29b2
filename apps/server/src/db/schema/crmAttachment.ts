import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Files attached to business records (any module of the records engine): the record is
 * `(module, record_id)`, the bytes are in the file store under `storage_key` (modules/files/
 * objectStore.ts). A file is reached only through its record: it follows the record into the
 * recycle bin and out of it, and goes with it when the record is purged.
 */
export const crmAttachment = pgTable(
  'crm_attachment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    module: text('module').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    /** The client's file name, cleaned (no path, no control characters); only ever shown and sent back quoted. */
    fileName: text('file_name').notNull(),
    /** Sniffed from the content on upload, never the client's. */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Made by the server; unique. */
    storageKey: text('storage_key').notNull().unique(),
    createBy: bigint('create_by', { mode: 'number' }).notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('crm_attachment_record_idx').on(t.module, t.recordId, t.createTime)],
);
