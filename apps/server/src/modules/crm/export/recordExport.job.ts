import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CODE, type Language } from '@orbit/shared/constants';
import type { RecordExportQuery } from '@orbit/shared/contract/recordExport';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { translate } from '@orbit/shared/messages';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Executor } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';
import { AppError } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import { loadCurrentUser } from '../../auth/loadCurrentUser';
import { filesRoot } from '../../files/fileStorage';
import type { JobHandler } from '../../jobs/jobRunner';
import { localisedLabel } from '../../system/dict/dict.service';
import type { FieldDef } from '../engine/metadata/fieldDef';
import { labelOf } from '../engine/query/filterCompiler';
import { createRecordsService } from '../engine/records/recordsService';
import { cellOf, numberFormat, type PicklistLabels } from './xlsxCells';

export type RecordExportPayload = { lang: Language; module: CrmModule; query: RecordExportQuery };

/** Column width in characters: the header's, within reason. */
const widthOf = (header: string, field: FieldDef) => Math.min(50, Math.max(field.type === 'datetime' ? 17 : 12, header.length + 2));

/** Labels of the picklist values of the exported fields, in the export's language: one query. */
async function picklistLabels(db: Executor, fields: FieldDef[], lang: Language): Promise<PicklistLabels> {
  const types = [...new Set(fields.filter((f) => f.dictType && (f.type === 'picklist' || f.type === 'multipicklist')).map((f) => f.dictType!))];
  const labels: PicklistLabels = new Map();
  if (!types.length) return labels;
  const rows = await db
    .select({ dictType: sysDictData.dictType, dictValue: sysDictData.dictValue, dictLabel: sysDictData.dictLabel, extra: sysDictData.extra })
    .from(sysDictData)
    .where(inArray(sysDictData.dictType, types));
  for (const row of rows) {
    if (!labels.has(row.dictType)) labels.set(row.dictType, new Map());
    labels.get(row.dictType)!.set(row.dictValue, localisedLabel(row, lang));
  }
  return labels;
}

/**
 * Writes a module's list (or selected rows) to an xlsx file, as the user who asked sees it now:
 * their data scope and permission are read again when the job runs. Streamed: rows go to the
 * file a batch at a time and are not kept, so memory does not grow with the row count.
 */
export const recordExportJob: JobHandler = async ({ db, config, job, payload, progress }) => {
  const { lang, module, query } = payload as RecordExportPayload;
  const user = await loadCurrentUser(db, job.userId);
  if (!user) throw new AppError(CODE.forbidden, 'job.userGone');
  if (!hasPermission(user, PERMISSIONS[module].export)) throw new AppError(CODE.forbidden, 'common.forbidden');

  const storagePath = path.join('exports', String(job.userId), `${randomUUID()}.xlsx`);
  const absolute = path.join(filesRoot(config.dataDir), storagePath);
  await mkdir(path.dirname(absolute), { recursive: true });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: absolute, useStyles: true, useSharedStrings: false });
  try {
    const sheet = workbook.addWorksheet(translate(lang, `module.${module}`), { views: [{ state: 'frozen', ySplit: 1 }] });
    let picklists: PicklistLabels = new Map();
    let done = 0;
    for await (const batch of createRecordsService(db, module).scan({ user, lang }, query)) {
      if (!sheet.columns?.length) {
        picklists = await picklistLabels(db, batch.fields, lang);
        sheet.columns = batch.fields.map((field) => {
          const header = labelOf(field, lang);
          const numFmt = numberFormat(field, lang);
          return { header, key: field.name, width: widthOf(header, field), ...(numFmt ? { style: { numFmt } } : {}) };
        });
        sheet.getRow(1).font = { bold: true };
        await progress(0, batch.total);
      }
      for (const record of batch.records) {
        sheet.addRow(batch.fields.map((field) => cellOf(field, record[field.name], batch.lookups, picklists, query.timezoneOffset))).commit();
      }
      done += batch.records.length;
      if (batch.records.length) await progress(done, batch.total);
    }
    sheet.commit();
    await workbook.commit();
    return { storagePath, done };
  } catch (err) {
    await rm(absolute, { force: true });
    throw err;
  }
};
