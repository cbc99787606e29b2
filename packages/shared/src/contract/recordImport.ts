import { z } from 'zod';
import { fieldName } from '../crm/filter';
import type { CrmModule } from '../crm/modules';
import { id } from './common';

/**
 * Excel import of the records engine (docs/records-engine.md, "Import"): a template per record
 * type, an upload (the file centre's upload record), a mapping of the file's columns to fields, a
 * dry run that checks every row, a run as a background job, its result and error file, a revert.
 */

/** Data rows one file may hold: the dry run of this many, one request, checks them in well under a minute (bench/import.ts; docs/decisions.md). */
export const IMPORT_MAX_ROWS = 100_000;
/** Columns one file may hold. */
export const IMPORT_MAX_COLUMNS = 200;
/** Whoever ran an import may undo it for this long after it ended. */
export const IMPORT_REVERT_HOURS = 24;
/** Rows in error a dry run lists (it checks and counts every row). */
export const IMPORT_CHECK_ROWS_SHOWN = 100;
/**
 * Every note of the template's notes row (under the header) starts with this sign, so that an
 * import of a filled-in template skips that row and never reads a note as data.
 */
export const IMPORT_NOTE_MARK = 'ⓘ';

/** What to do with a row whose duplicate key matches a record the user can see: leave it, update that record, or create another. */
export const DUPLICATE_POLICIES = ['skip', 'update', 'create'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];

/** `GET /crm/{module}/import/template`: the layout of this record type (default: the module's default type). */
export const importTemplateQuery = z.object({ recordTypeId: z.coerce.number().int().positive().optional() });

/**
 * A dry run's and a run's settings. `mapping[i]` is the field the file's column i goes to (null:
 * not imported), one entry per header. The owner of created records defaults to the caller.
 * `timezoneOffset` (the browser's, minutes) reads spreadsheet times as the user's clock.
 */
export const importSettingsBody = z.object({
  recordTypeId: id.nullable().optional(),
  mapping: z.array(fieldName.nullable()).max(1000),
  duplicateField: fieldName.nullable().optional(),
  duplicatePolicy: z.enum(DUPLICATE_POLICIES).default('skip'),
  ownerId: id.optional(),
  /**
   * Whether the module's assignment rules give created records their owner (the owner above then
   * only for rows no entry matches). Absent: they do when no owner is given, as for the API.
   */
  useAssignmentRules: z.boolean().optional(),
  timezoneOffset: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(0),
});
export type ImportSettingsBody = z.input<typeof importSettingsBody>;
export type ImportSettings = z.output<typeof importSettingsBody>;

export const importFileParams = z.object({ fileId: id });

/**
 * A field a column may be mapped to, for the record type chosen: `required` by the field or the
 * layout (with no default to fill it), `duplicateKey` when it can tell duplicates apart.
 */
export type ImportField = { name: string; label: string; required: boolean; duplicateKey: boolean };

/**
 * The upload's answer: the file's header row, its first data row (as text, to recognise the
 * columns by), how many data rows it has, the fields of the record type and each column's field as
 * matched by label (either language) or name.
 */
export type ImportUpload = {
  fileId: number;
  fileName: string;
  headers: string[];
  sample: string[];
  rowCount: number;
  recordTypeId: number | null;
  fields: ImportField[];
  mapping: Array<string | null>;
};

/**
 * Where an import stands: uploaded (not run), importing, imported, reverting, reverted, or failed
 * (the run, or its revert: `errorMsg` says why).
 */
export const IMPORT_PHASES = ['uploaded', 'importing', 'imported', 'reverting', 'reverted', 'failed'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

/** Counts of a run (and, once undone, of its revert): the upload record's `result`. */
export type ImportResult = {
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Records the revert deleted or set back. */
  reverted?: number;
  /** Records the revert left as they are: changed since, or now beyond the user's reach. */
  revertKept?: number;
};

/** A row in error and every one of its messages, "Field: message" (at most one a field, and the row's own). */
export type ImportRowErrors = { row: number; messages: string[] };

/** A dry run: what the run would do with every row, nothing written. `errors`: the first rows in error. */
export type ImportCheck = { rows: number; create: number; update: number; skip: number; invalid: number; errors: ImportRowErrors[] };

/** `GET /crm/{module}/import/{fileId}`: an upload and where its import stands (the wizard polls it while it runs). */
export type ImportState = ImportUpload & {
  module: CrmModule;
  settings: ImportSettings | null;
  phase: ImportPhase;
  /** FILE_STATUS of the upload record: 1 uploaded or done, 0 running (or reverting), 3 failed. */
  status: number;
  progressDone: number;
  progressTotal: number | null;
  errorMsg: string;
  result: ImportResult | null;
  errorFileId: number | null;
  revertible: boolean;
};
