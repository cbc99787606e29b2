import { PassThrough } from 'node:stream';
import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { MAX_PAGE_SIZE, type Language } from '@orbit/shared/constants';
import { translate, type MessageKey } from '@orbit/shared/messages';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import { neutralised } from '../../../lib/spreadsheetText';
import type { CurrentUser } from '../../auth/currentUser';
import { createDictService } from '../dict/dict.service';

/** The most rows one direct download holds; a bigger list is refused with a message to narrow it. */
export const SYSTEM_EXPORT_MAX_ROWS = 50_000;

export type CellValue = string | number | Date | null;
/** A dictionary value's label in the export's language, or the value itself when the dictionary lacks it. */
export type Labels = (dictType: string, value: string) => string;

export type ExportColumn<R> = { header: MessageKey; value: (row: R, label: Labels) => CellValue | undefined; width?: number; date?: boolean };

/** One administration list that can be downloaded as xlsx: the list's own query schema and reader, and its columns. */
export type ListExport<Q, R> = {
  path: string;
  permission: string;
  /** Operation-log title, as the list's other writes use. */
  title: string;
  sheet: MessageKey;
  fileName: string;
  query: ZodType<Q>;
  /** One page of the list exactly as the list endpoint answers it (the caller's scope applied). */
  page(db: Db, user: CurrentUser, query: Q, lang: Language): Promise<{ total: number; rows: R[] }>;
  dictionaries: string[];
  columns: Array<ExportColumn<R>>;
};

/** Dates as the reader's clock shows them (a spreadsheet date has no zone); `offset` in minutes, as browsers give it. */
const local = (value: Date, offset: number) => new Date(value.getTime() - offset * 60_000);

function cellOf(value: CellValue | undefined, offset: number): CellValue {
  if (value === undefined || value === null || value === '') return null;
  if (value instanceof Date) return local(value, offset);
  return typeof value === 'string' ? neutralised(value) : value;
}

async function labelsFor(db: Db, types: string[], lang: Language): Promise<Labels> {
  const dicts = createDictService(db);
  const maps = new Map<string, Map<string, string>>();
  for (const type of types) maps.set(type, new Map((await dicts.valuesOf(type, lang)).map((v) => [v.dictValue, v.dictLabel])));
  return (type, value) => maps.get(type)?.get(value) ?? value;
}

/**
 * Answers the whole list (every page of the list's own query, filters and sort as the list has
 * them) as an xlsx download: translated headers, dictionary labels, dates as dates, texts
 * neutralised against formulas. Rows are streamed to the answer a page at a time.
 */
export async function sendListExport<Q extends { pageNum: number; pageSize: number }, R>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: CurrentUser,
  definition: ListExport<Q, R>,
  query: Q,
  timezoneOffset: number,
) {
  const lang = request.lang;
  const first = await definition.page(db, user, { ...query, pageNum: 1, pageSize: MAX_PAGE_SIZE }, lang);
  if (first.total > SYSTEM_EXPORT_MAX_ROWS) throw badRequest('export.tooManyRows', { count: first.total, max: SYSTEM_EXPORT_MAX_ROWS });
  const label = await labelsFor(db, definition.dictionaries, lang);

  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(translate(lang, definition.sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = definition.columns.map((column, index) => {
    const header = translate(lang, column.header);
    const width = column.width ?? (column.date ? 20 : Math.min(40, Math.max(12, header.length + 4)));
    return { header, key: String(index), width, ...(column.date ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}) };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const write = async () => {
    let page = first;
    for (let pageNum = 1; ; ) {
      for (const row of page.rows) sheet.addRow(definition.columns.map((column) => cellOf(column.value(row, label), timezoneOffset))).commit();
      if (pageNum * MAX_PAGE_SIZE >= Math.min(first.total, SYSTEM_EXPORT_MAX_ROWS) || !page.rows.length) break;
      pageNum += 1;
      page = await definition.page(db, user, { ...query, pageNum, pageSize: MAX_PAGE_SIZE }, lang);
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    // The answer has begun: all that can be done is to cut it short (the browser reports a failed download).
    request.log.error({ err: error }, 'system list export failed');
    stream.destroy(error as Error);
  });

  const fileName = `${definition.fileName}_${dayjs().format('YYYYMMDDHHmmss')}.xlsx`;
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(stream);
}
