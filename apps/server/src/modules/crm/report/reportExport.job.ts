import { CODE, type Language } from '@orbit/shared/constants';
import type { LookupLabels } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { isCurrency } from '@orbit/shared/crm/money';
import { translate } from '@orbit/shared/messages';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { Executor } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { hasPermission } from '../../auth/currentUser';
import { loadCurrentUser } from '../../auth/loadCurrentUser';
import type { JobHandler } from '../../jobs/jobRunner';
import { picklistLabels } from '../export/picklistLabels';
import { widthOf } from '../export/recordExport.job';
import { cellOf, exportedLabels, numberFormat, type CellValue, type PicklistLabels } from '../export/xlsxCells';
import { writeXlsxFile } from '../../jobs/xlsxFile';
import { metadataOf } from '../engine/metadata/metadataStore';
import type { ReportNarrowing } from './reportCompiler';
import type { ResolvedGrouping } from './reportCheck';
import { runReport } from './reportRunner';
import { createReports } from './reports';
import { createSettings } from '../../system/config/settings';

export type ReportExportPayload = { lang: Language; reportId: number; narrowing: ReportNarrowing; timezoneOffset: number };

/** Detail rows read per statement. */
const PAGE = 2000;

/** A group's key as its cell: a date bucket's name as text, other keys as the field's value would be. */
function keyCell(group: ResolvedGrouping, key: unknown, lookups: LookupLabels, picklists: PicklistLabels, timezoneOffset: number): CellValue {
  if (key === null || key === undefined) return null;
  if (group.bucket) return String(key);
  return cellOf(group.field, key as FieldValue, lookups, picklists, timezoneOffset);
}

/**
 * Writes a report as its viewer runs it now (their scope, the report's current definition): the
 * grouped figures with their subtotals on one sheet (summary and matrix, or a tabular report's
 * aggregates), the detail records on another, read a page at a time.
 */
export const reportExportJob: JobHandler = async ({ db, reporting, config, job, payload, progress }) => {
  const { lang, reportId, narrowing, timezoneOffset } = payload as ReportExportPayload;
  const user = await loadCurrentUser(db, job.userId);
  if (!user) throw new AppError(CODE.forbidden, 'job.userGone');
  if (!hasPermission(user, PERMISSIONS.report.export)) throw new AppError(CODE.forbidden, 'common.forbidden');
  const meta = metadataOf(db);
  await meta.fresh();
  const { organisationCurrency: currency } = await createSettings(db, config).read(['organisationCurrency']);
  const { report } = await createReports(db).runnable(user, reportId, lang);
  const picklists = await picklistLabels(db, [...report.columns, ...report.groups].map((r) => r.field), lang);
  const writeReport = async (reader: Executor) => {
    const first = await runReport(reader, meta, report, user, lang, { preview: false, pageNum: 1, pageSize: PAGE, narrowing });
    await progress(0, first.total);
    const firstLookups = exportedLabels(first.lookups, lang);

    return writeXlsxFile(config, job, async (workbook) => {
      if (first.summary.length) {
        // Money figures are in the viewer's display currency (mixed currencies converted to it): the
        // header names it and the cells are written in it, as the screen's "converted to EUR" does.
        const money = (a: (typeof report.aggregates)[number]) => a.fn !== 'count' && a.ref?.field.type === 'currency';
        const display = isCurrency(first.currency) ? first.currency : currency;
        const columns = [
          ...report.groups.map((g) => ({ header: g.label, width: widthOf(g.label) })),
          ...report.aggregates.map((a) => {
            if (!money(a)) return { header: a.label, width: widthOf(a.label) };
            const header = translate(lang, 'export.inCurrency', { label: a.label, currency: display });
            return { header, width: widthOf(header), numFmt: numberFormat(a.ref!.field, lang, display) };
          }),
        ];
        const sheet = workbook.addSheet(translate(lang, 'export.summarySheet'), columns);
        for (const row of first.summary) {
          // A rolled-up level is a subtotal (or the grand total): it says so where its key would be.
          const keys = report.groups.map((g, i) => (row.rollup[i] ? translate(lang, 'export.total') : keyCell(g, row.keys[i], firstLookups, picklists, timezoneOffset)));
          await sheet.addRow([...keys, ...row.values.map((v) => (v === null ? null : Number(v)))], { bold: row.rollup.some(Boolean) });
        }
        await sheet.end();
      }

      const sheet = workbook.addSheet(
        translate(lang, 'export.detailSheet'),
        report.columns.map((c) => ({ header: c.label, width: widthOf(c.label, c.field), numFmt: numberFormat(c.field, lang, currency) })),
      );
      let done = 0;
      let page = first;
      for (let pageNum = 1; page.rows.length; ) {
        const lookups = exportedLabels(page.lookups, lang);
        for (const row of page.rows) await sheet.addRow(report.columns.map((c) => cellOf(c.field, row[c.ref] as FieldValue, lookups, picklists, timezoneOffset)));
        done += page.rows.length;
        await progress(done, first.total);
        if (page.rows.length < PAGE) break;
        page = await runReport(reader, meta, report, user, lang, { preview: false, pageNum: ++pageNum, pageSize: PAGE, narrowing, figures: false });
      }
      await sheet.end();
      return done;
    });
  };
  // The records are read through the reporting pool; a replica lost on the way writes the file again from the primary.
  return reporting.read(writeReport);
};
