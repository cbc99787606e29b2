import { z } from 'zod';
import { id } from './common';
import { recordListQuery } from './crm';

/** At most this many selected rows in one "export selected" (a list page holds far fewer). */
export const MAX_EXPORT_SELECTION = 10_000;

/**
 * The default of the setting `crm.export.directMaxRows`: an export of at most this many rows is
 * written while the request waits and downloads at once; a longer one is a background job. 0
 * sends every export to the background; the upper bound keeps a request's work short.
 */
export const EXPORT_DIRECT_DEFAULT_ROWS = 5000;
export const EXPORT_DIRECT_ROWS_RANGE = { min: 0, max: 50_000 } as const;

/** The export's answer: its file-centre record, `ready` when it was written already (download it now). */
export type RecordExportAnswer = { fileId: number; ready: boolean };

/** The browser's `Date.getTimezoneOffset()`, so that an export's times read as on screen. */
export const timezoneOffset = z.number().int().min(-14 * 60).max(14 * 60).default(0);

/**
 * `POST /crm/{module}/export`: what a list shows (view, filter, quick search, owner scope, sort,
 * columns), or only `ids` (the selected rows; none is refused), always within the caller's scope.
 */
export const recordExportBody = recordListQuery
  .pick({ orderByColumn: true, isAsc: true, q: true, owner: true, viewId: true, filter: true, fields: true })
  .extend({
    ids: z.array(id).min(1, { error: 'validation.selectRecord' }).max(MAX_EXPORT_SELECTION).optional(),
    timezoneOffset,
  });
export type RecordExportBody = z.input<typeof recordExportBody>;
export type RecordExportQuery = z.output<typeof recordExportBody>;
