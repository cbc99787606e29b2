import { PassThrough } from 'node:stream';
import dayjs from 'dayjs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Language } from '@orbit/shared/constants';
import { translate, type MessageKey } from '@orbit/shared/messages';
import type { Db } from '../../../db/client';
import { createXlsxWriter, type XlsxCell, type XlsxWorkbook } from '../../../lib/xlsxWriter';
import type { CurrentUser } from '../../auth/currentUser';
import { createDictService } from '../dict/dict.service';

/**
 * The most rows an export from Orbit's own pages downloads at once; a longer list is written by a
 * file-centre job, which shows its progress (RuoYi's clients, which can only take the file itself,
 * are always answered with it, however long: see docs/decisions.md).
 */
export const SYSTEM_EXPORT_DIRECT_ROWS = 10_000;
/** Rows read per statement (the list's own reader, so also its count: fewer, larger pages). */
const EXPORT_PAGE = 2000;

export type CellValue = string | number | Date | null;
/** A dictionary value's label in the export's language, or the value itself when the dictionary lacks it. */
export type Labels = (dictType: string, value: string) => string;

export type ExportColumn<R> = { header: MessageKey; value: (row: R, label: Labels) => CellValue | undefined; width?: number; date?: boolean };

export type ListQuery = { pageNum: number; pageSize: number };
export type ListPage<R> = { total: number; rows: R[] };

/** One administration list that can be exported as xlsx: the list's own query schema and reader, and its columns. */
export type ListExport<Q, R> = {
  path: string;
  permission: string;
  /** Operation-log title, as the list's other writes use. */
  title: string;
  sheet: MessageKey;
  fileName: string;
  query: ZodType<Q>;
  /** One page of the list exactly as the list endpoint answers it (the caller's scope applied). */
  page(db: Db, user: CurrentUser, query: Q, lang: Language): Promise<ListPage<R>>;
  dictionaries: string[];
  columns: Array<ExportColumn<R>>;
};

/** Dates as the reader's clock shows them (a spreadsheet date has no zone); `offset` in minutes, as browsers give it. */
const local = (value: Date, offset: number) => new Date(value.getTime() - offset * 60_000);

function cellOf(value: CellValue | undefined, offset: number): XlsxCell {
  if (value === undefined || value === null || value === '') return null;
  if (value instanceof Date) return local(value, offset);
  return value;
}

async function labelsFor(db: Db, types: string[], lang: Language): Promise<Labels> {
  const dicts = createDictService(db);
  const maps = new Map<string, Map<string, string>>();
  for (const type of types) maps.set(type, new Map((await dicts.valuesOf(type, lang)).map((v) => [v.dictValue, v.dictLabel])));
  return (type, value) => maps.get(type)?.get(value) ?? value;
}

/** The list's first page of export rows, with its total: read before anything is answered, so that a bad filter or sort is refused as the list refuses it. */
export function firstPage<Q extends ListQuery, R>(db: Db, user: CurrentUser, definition: ListExport<Q, R>, query: Q, lang: Language): Promise<ListPage<R>> {
  return definition.page(db, user, { ...query, pageNum: 1, pageSize: EXPORT_PAGE }, lang);
}

export type ListWrite<Q, R> = {
  db: Db;
  user: CurrentUser;
  definition: ListExport<Q, R>;
  query: Q;
  lang: Language;
  timezoneOffset: number;
  /** The first page, already read (firstPage). */
  first: ListPage<R>;
  /** Told after each page: rows written so far, of the total the list had at first. */
  progress?: (done: number, total: number) => Promise<void>;
};

/**
 * Writes the whole list (every page of the list's own query, filters and sort as the list has
 * them) as the workbook's one sheet: translated headers, dictionary labels, dates as dates, texts
 * kept as text by the writer. A page at a time, none kept: memory does not grow with the list.
 * Answers the rows written.
 */
export async function writeListSheet<Q extends ListQuery, R>(workbook: XlsxWorkbook, write: ListWrite<Q, R>): Promise<number> {
  const { db, user, definition, query, lang, timezoneOffset, first, progress } = write;
  const label = await labelsFor(db, definition.dictionaries, lang);
  const sheet = workbook.addSheet(
    translate(lang, definition.sheet),
    definition.columns.map((column) => {
      const header = translate(lang, column.header);
      const width = column.width ?? (column.date ? 20 : Math.min(40, Math.max(12, header.length + 4)));
      return { header, width, numFmt: column.date ? 'yyyy-mm-dd hh:mm:ss' : undefined };
    }),
  );
  let done = 0;
  let page = first;
  for (let pageNum = 1; ; ) {
    for (const row of page.rows) await sheet.addRow(definition.columns.map((column) => cellOf(column.value(row, label), timezoneOffset)));
    done += page.rows.length;
    await progress?.(done, first.total);
    // Until a short page: rows added meanwhile (a log grows) are taken too, nothing is cut off.
    if (page.rows.length < EXPORT_PAGE) break;
    page = await definition.page(db, user, { ...query, pageNum: ++pageNum, pageSize: EXPORT_PAGE }, lang);
  }
  await sheet.end();
  return done;
}

/**
 * Answers the whole list as an xlsx download, streamed as it is read: the writer waits for the
 * reader, so neither the rows nor the file are ever held whole, however long the list.
 */
export function sendListExport<Q extends ListQuery, R>(request: FastifyRequest, reply: FastifyReply, write: ListWrite<Q, R>) {
  const stream = new PassThrough();
  const workbook = createXlsxWriter(stream);
  const run = async () => {
    await writeListSheet(workbook, write);
    await workbook.finish();
  };
  run().catch((error: unknown) => {
    // The answer has begun: all that can be done is to cut it short (the browser reports a failed
    // download). A reader who went away is no failure of ours.
    if (!reply.raw.destroyed) request.log.error({ err: error }, 'system list export failed');
    stream.destroy(error as Error);
    workbook.abort();
  });

  const fileName = `${write.definition.fileName}_${dayjs().format('YYYYMMDDHHmmss')}.xlsx`;
  return reply
    .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(stream);
}
