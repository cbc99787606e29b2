import { z } from 'zod';
import { id } from './common';
import { recordListQuery } from './crm';

/** At most this many selected rows in one "export selected" (a list page holds far fewer). */
export const MAX_EXPORT_SELECTION = 10_000;

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
