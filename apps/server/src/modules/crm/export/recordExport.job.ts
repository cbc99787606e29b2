import { CURRENCY_FIELD, isCurrency } from '@orbit/shared/crm/money';
import { CODE, type Language } from '@orbit/shared/constants';
import type { RecordExportQuery } from '@orbit/shared/contract/recordExport';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { translate } from '@orbit/shared/messages';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { AppError } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import { loadCurrentUser } from '../../auth/loadCurrentUser';
import type { JobHandler } from '../../jobs/jobRunner';
import type { FieldDef } from '../engine/metadata/fieldDef';
import { metadataOf } from '../engine/metadata/metadataStore';
import { labelOf } from '../engine/query/filterCompiler';
import { createRecordsService } from '../engine/records/recordsService';
import { picklistLabels } from './picklistLabels';
import { cellOf, exportedLabels, numberFormat, type PicklistLabels } from './xlsxCells';
import type { XlsxSheet } from '../../../lib/xlsxWriter';
import { writeXlsxFile } from '../../jobs/xlsxFile';
import { createSettings } from '../../system/config/settings';

export type RecordExportPayload = { lang: Language; module: CrmModule; query: RecordExportQuery };

/** Column width in characters: the header's, within reason. */
export const widthOf = (header: string, field?: FieldDef) => Math.min(50, Math.max(field?.type === 'datetime' ? 17 : 12, header.length + 2));

/**
 * Writes a module's list (or selected rows) to an xlsx file, as the user who asked sees it now:
 * their data scope and permission are read again when the job runs. Rows go to the file a batch
 * at a time and are not kept, so memory does not grow with the row count.
 */
export const recordExportJob: JobHandler = async ({ db, reporting, config, job, payload, progress }) => {
  const { lang, module, query } = payload as RecordExportPayload;
  const user = await loadCurrentUser(db, job.userId);
  if (!user) throw new AppError(CODE.forbidden, 'job.userGone');
  if (!hasPermission(user, PERMISSIONS[module].export)) throw new AppError(CODE.forbidden, 'common.forbidden');
  // This process may not have served a records request yet (or set-up changed since): current metadata first.
  await metadataOf(db).fresh();
  const { organisationCurrency: currency } = await createSettings(db, config).read(['organisationCurrency']);

  // The rows are read through the reporting pool (docs/scaling.md); a replica lost on the way writes the file again from the primary.
  return reporting.read((reader) => writeXlsxFile(config, job, async (workbook) => {
    let sheet: XlsxSheet | undefined;
    let picklists: PicklistLabels = new Map();
    let done = 0;
    for await (const batch of createRecordsService(db, module).scan({ user, lang }, query, undefined, reader)) {
      if (!sheet) {
        picklists = await picklistLabels(db, batch.fields, lang);
        sheet = workbook.addSheet(
          translate(lang, `module.${module}`),
          batch.fields.map((field) => {
            const header = labelOf(field, lang);
            return { header, width: widthOf(header, field), numFmt: numberFormat(field, lang, currency) };
          }),
        );
        await progress(0, batch.total);
      }
      const lookups = exportedLabels(batch.lookups, lang);
      for (const record of batch.records) {
        // An amount is written in its record's currency when that is not the column's (the organisation's).
        const own = record[CURRENCY_FIELD];
        const recordCurrency = isCurrency(own) && own !== currency ? own : undefined;
        await sheet.addRow(
          batch.fields.map((field) => {
            const cell = cellOf(field, record[field.name], lookups, picklists, query.timezoneOffset);
            return recordCurrency && field.type === 'currency' && typeof cell === 'number' ? { number: cell, numFmt: numberFormat(field, lang, recordCurrency)! } : cell;
          }),
        );
      }
      done += batch.records.length;
      if (batch.records.length) await progress(done, batch.total);
    }
    await sheet?.end();
    return done;
  }));
};
