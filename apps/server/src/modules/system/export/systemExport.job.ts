import { CODE, type Language } from '@orbit/shared/constants';
import { AppError } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import { loadCurrentUser } from '../../auth/loadCurrentUser';
import type { JobHandler } from '../../jobs/jobRunner';
import { writeXlsxFile } from '../../jobs/xlsxFile';
import { firstPage, writeListSheet, type ListQuery } from './listExport';
import { systemListExports } from './systemListExports';

/** `list`: the export's path (`/system/user/export`…), which names the list; `query`: its filters and sort as the request had them, checked. */
export type SystemExportPayload = { lang: Language; list: string; query: ListQuery; timezoneOffset: number };

/**
 * Writes an administration list too long to download at once (an export from Orbit's own page)
 * to its file-centre file, as the user who asked sees the list now: their permission and data
 * scope are read again when the job runs, and the filters are checked again by the list's schema.
 */
export const systemExportJob: JobHandler = async ({ db, config, job, payload, progress }) => {
  const { lang, list, query, timezoneOffset } = payload as SystemExportPayload;
  const definition = systemListExports(config).find((d) => d.path === list);
  const parsed = definition?.query.safeParse(query);
  if (!definition || !parsed?.success) throw new AppError(CODE.error, 'job.failed');
  const user = await loadCurrentUser(db, job.userId);
  if (!user) throw new AppError(CODE.forbidden, 'job.userGone');
  if (!hasPermission(user, definition.permission)) throw new AppError(CODE.forbidden, 'common.forbidden');

  const first = await firstPage(db, user, definition, parsed.data, lang);
  await progress(0, first.total);
  return writeXlsxFile(config, job, (workbook) =>
    writeListSheet(workbook, { db, user, definition, query: parsed.data, lang, timezoneOffset, first, progress }),
  );
};
