import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { sysUserFile } from './files';

/**
 * An import of an uploaded xlsx into a module (docs/records-engine.md, "Import"): one row per
 * upload record of the file centre, going with it when the file expires. `nextRow` is the
 * checkpoint of the run: the data rows before it are written, committed in the same transaction
 * as their records, so a run taken up again after its process died starts there.
 */
export const crmImport = pgTable('crm_import', {
  fileId: bigint('file_id', { mode: 'number' })
    .primaryKey()
    .references(() => sysUserFile.id, { onDelete: 'cascade' }),
  module: text('module').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** The header row as the file has it, and its data rows (empty rows and the template's notes row not counted). */
  headers: jsonb('headers').$type<string[]>().notNull(),
  /** The first data row as text, to recognise the columns by. */
  sample: jsonb('sample').$type<string[]>().notNull(),
  rowCount: integer('row_count').notNull(),
  /** The record type the columns were matched for (the wizard's choice; a run may choose again). */
  recordTypeId: bigint('record_type_id', { mode: 'number' }),
  /** What the run was asked to do (ImportSettings); null until it is started. */
  settings: jsonb('settings').$type<Record<string, unknown>>(),
  runTime: ts('run_time'),
  nextRow: integer('next_row').notNull().default(0),
  created: integer('created').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  /** The download record of the rows that failed, with their reasons. */
  errorFileId: bigint('error_file_id', { mode: 'number' }),
  finishTime: ts('finish_time'),
  /** When its user asked to undo it (a revert that failed may be asked again). */
  revertTime: ts('revert_time'),
  createTime: ts('create_time').notNull().defaultNow(),
});

/**
 * What the run did to each row that changed something or failed: the record it created or
 * updated (with the values it replaced and the version it left, so that a revert can undo exactly
 * that), or why the row failed (for the error file).
 */
export const crmImportRow = pgTable(
  'crm_import_row',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => crmImport.fileId, { onDelete: 'cascade' }),
    /** The row's number in the sheet, as Excel shows it. */
    rowNo: integer('row_no').notNull(),
    /** create, update or fail. */
    action: text('action').notNull(),
    recordId: bigint('record_id', { mode: 'number' }),
    /** An update: the changed fields' values before it. */
    oldValues: jsonb('old_values').$type<Record<string, unknown>>(),
    /** The record's version after the import's write: a revert undoes an update only while it is still this one. */
    version: integer('version'),
    message: text('message'),
    /** What a revert did with it: `done` (deleted, set back) or `kept` (changed since, or beyond reach); null: not yet. */
    revert: text('revert'),
  },
  (t) => [index('crm_import_row_file_idx').on(t.fileId, t.action, t.rowNo)],
);
