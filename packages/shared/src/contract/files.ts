import { z } from 'zod';
import { DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE, FILE_PAGE_SIZES, FILE_TYPE } from '../constants';
import type { CrmModule } from '../crm/modules';
import type { ImportPhase, ImportResult } from './recordImport';
import { stringValue } from '../validation';

/** File management dialog (SPEC §2, §7): the caller's own upload and download records. */
export const filePageBody = z.object({
  fileName: stringValue().trim().max(200, { error: 'validation.tooLong' }).optional(),
  pageNum: z.coerce.number().int().min(1).default(DEFAULT_PAGE_NUM),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.max(...FILE_PAGE_SIZES))
    .default(DEFAULT_PAGE_SIZE),
  type: z.coerce.number().pipe(z.union([z.literal(FILE_TYPE.upload), z.literal(FILE_TYPE.download)])),
});
export type FilePageBody = z.input<typeof filePageBody>;

export const fileIdParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * What an upload record's import stands at: its module, its phase, its error file (the rows that
 * failed, a download record), whether its user may undo it now.
 */
export type FileImportInfo = { module: CrmModule; phase: ImportPhase; errorFileId: number | null; revertible: boolean };

/**
 * A row of the dialog's table; status is FILE_STATUS (0 being generated, 1 available, 3 failed).
 * While generated, rows done of `progressTotal` (null until known); `errorMsg` says why it failed.
 * An upload record carries its import's counts (`result`) and `importInfo`.
 */
export type FileRecord = {
  id: number;
  fileName: string;
  status: number;
  progressDone: number;
  progressTotal: number | null;
  errorMsg: string;
  createTimeStr: string;
  result: ImportResult | null;
  importInfo: FileImportInfo | null;
};
export type FilePageResponse = { code: number; msg: string; total: number; rows: FileRecord[] };
export type FileUrlResponse = { code: number; msg: string; data: { fileUrl: string; fileName: string } };
