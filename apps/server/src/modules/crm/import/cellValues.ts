import { eq, sql } from 'drizzle-orm';
import { numberText } from '@orbit/shared/crm/fieldValue';
import { isCrmModule, type LookupTarget } from '@orbit/shared/crm/modules';
import type { MessageKey, MessageParams } from '@orbit/shared/messages';
import type { Executor } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';
import type { FieldDef } from '../engine/metadata/fieldDef';
import type { MetadataStore } from '../engine/metadata/moduleDef';
import { labelOf } from '../engine/query/filterCompiler';
import { nameExpression } from '../engine/query/recordName';
import { recordAccess } from '../engine/query/recordAccess';
import { PRESENT, rowsOf, tableOf } from '../engine/query/sql';
import type { Caller } from '../engine/records/moduleRecords';
import { cellText } from './importSheet';
import type { SheetCell } from '../../../lib/xlsxReader/readSheet';

/**
 * A cell as the value a form would send for its field — the inverse of export/xlsxCells.ts: labels
 * back to picklist values, names back to record ids, spreadsheet dates and numbers to the wire's
 * form. It is lenient: what it cannot read goes on as the text it is, and the engine's own checks
 * (the form's) say what is wrong with it. Only what the engine cannot check — a name that matches
 * no record, or several — is a problem here.
 */
export type CellProblem = { key: MessageKey; params: MessageParams };
export type CellReading = { value: unknown } | { problem: CellProblem };

/** Excel keeps 15 significant digits: `0.1 + 0.2` typed in a cell is read back as 0.3, not 0.30000000000000004. */
const excelNumber = (n: number) => Number.parseFloat(n.toPrecision(15));

/** The export's guard against formulas (a leading apostrophe before `= + - @`) taken off again. */
const unneutralised = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

export function textInput(cell: SheetCell): string {
  if (typeof cell === 'number') return String(excelNumber(cell));
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return unneutralised(cellText(cell));
}

/** A number as the engine reads it: spreadsheet numbers as they are, typed text without thousands separators, currency signs or a percent sign. */
export function numberInput(cell: SheetCell): unknown {
  if (typeof cell === 'number') return excelNumber(cell);
  const text = cellText(cell);
  const bare = text.replace(/[\s,$¥￥€£%]/g, '');
  return /^-?\d+(\.\d+)?$/.test(bare) ? bare : text;
}

/** Money stays a decimal string (the wire's form), never a float; a number cell is written out in full (1e+21 as its 22 digits), for the engine to judge its digits. */
export function currencyInput(cell: SheetCell): unknown {
  const value = numberInput(cell);
  return typeof value === 'number' ? (numberText(value) ?? String(value)) : value;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
/** Excel's day 0 (its serial dates count days from 1899-12-30, the 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;
const DATE_TIME_TEXT = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** A date cell (its calendar day), an Excel serial number, or text as 2026-3-5, 2026/03/05 or 2026.03.05. */
export function dateInput(cell: SheetCell): unknown {
  if (cell instanceof Date) return ymd(cell);
  if (typeof cell === 'number') return ymd(new Date(EXCEL_EPOCH + Math.floor(cell) * DAY_MS));
  const text = cellText(cell);
  const match = DATE_TIME_TEXT.exec(text);
  return match && match[4] === undefined ? `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}` : text;
}

/**
 * A time as the user's clock shows it: a spreadsheet's date has no zone, so its face value is read
 * in the browser's zone (`timezoneOffset`, minutes as Date.getTimezoneOffset gives them) — as the
 * export wrote it. Text with its own zone ("…Z", "+08:00") goes on as it is.
 */
export function dateTimeInput(cell: SheetCell, timezoneOffset: number): unknown {
  const instant = (wallClockUtc: number) => new Date(wallClockUtc + timezoneOffset * 60_000).toISOString();
  if (cell instanceof Date) return instant(cell.getTime());
  if (typeof cell === 'number') return instant(EXCEL_EPOCH + Math.round(cell * DAY_MS));
  const text = cellText(cell);
  const match = DATE_TIME_TEXT.exec(text);
  if (!match) return text;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // 2026-02-30 would roll over into March: left as typed, for the engine to refuse.
  return new Date(wall).getUTCDate() === d ? instant(wall) : text;
}

const YES = new Set(['true', 'yes', 'y', '1', '是', '√', '✓', '✔']);
const NO = new Set(['false', 'no', 'n', '0', '否', '×', '✗']);

/** Yes / no in either language, TRUE / FALSE, 1 / 0, a tick; anything else goes on for the engine to refuse. */
export function checkboxInput(cell: SheetCell): unknown {
  if (typeof cell === 'boolean') return cell;
  const text = cellText(cell).toLowerCase();
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return text;
}

/** Lower case, trimmed: how picklist labels and names are matched. */
const key = (text: string) => text.trim().toLowerCase();

/** Reads cells for one import (one user, one language): dictionaries and names are looked up once each. */
export function createCellReader(meta: MetadataStore, caller: Caller, timezoneOffset: number) {
  const picklists = new Map<string, Promise<Map<string, string>>>();
  const names = new Map<string, Promise<number[]>>();

  /** A dictionary's values by value and by label in either language (disabled ones too: the engine refuses them with its message). */
  function picklist(db: Executor, dictType: string): Promise<Map<string, string>> {
    let loaded = picklists.get(dictType);
    if (!loaded) {
      loaded = db
        .select({ value: sysDictData.dictValue, label: sysDictData.dictLabel, extra: sysDictData.extra })
        .from(sysDictData)
        .where(eq(sysDictData.dictType, dictType))
        .orderBy(sysDictData.dictSort)
        .then((rows) => {
          const byText = new Map<string, string>();
          for (const row of rows) {
            const zh = typeof row.extra?.labelZh === 'string' ? row.extra.labelZh : '';
            for (const text of [row.value, row.label, zh]) if (text && !byText.has(key(text))) byText.set(key(text), row.value);
          }
          return byText;
        });
      picklists.set(dictType, loaded);
    }
    return loaded;
  }

  /** Ids of what a name names: active users by nickname or user name, departments, records within the caller's scope. */
  function idsNamed(db: Executor, target: LookupTarget, name: string): Promise<number[]> {
    const cacheKey = `${target}\u0001${key(name)}`;
    let found = names.get(cacheKey);
    if (!found) {
      found = (async () => {
        let query;
        if (target === 'user') {
          query = sql`select user_id as id from sys_user where del_flag = '0' and status = '0' and (lower(nick_name) = ${key(name)} or lower(user_name) = ${key(name)}) limit 3`;
        } else if (target === 'dept') {
          query = sql`select dept_id as id from sys_dept where del_flag = '0' and lower(dept_name) = ${key(name)} limit 3`;
        } else if (isCrmModule(target)) {
          const def = meta.module(target);
          const scope = recordAccess(caller.user, target, 'read');
          query = sql`select id from ${tableOf(def.table)} where ${PRESENT} and lower(${nameExpression(def)}) = ${key(name)}${scope ? sql` and ${scope}` : sql``} order by id limit 3`;
        } else return [];
        return (await rowsOf<{ id: unknown }>(db, query)).map((row) => Number(row.id));
      })();
      // A copy of the key: the cell's text is a slice of the reader's chunk of XML, which it would keep alive.
      names.set(structuredClone(cacheKey), found);
    }
    return found;
  }

  /** `db`: the executor of the moment (a run's batch transaction: on PGlite's one connection, nothing else may query meanwhile). */
  async function read(db: Executor, field: FieldDef, cell: SheetCell): Promise<CellReading> {
    switch (field.type) {
      case 'number':
      case 'percent':
        return { value: numberInput(cell) };
      case 'currency':
        return { value: currencyInput(cell) };
      case 'date':
        return { value: dateInput(cell) };
      case 'datetime':
        return { value: dateTimeInput(cell, timezoneOffset) };
      case 'checkbox':
        return { value: checkboxInput(cell) };
      case 'picklist': {
        const text = textInput(cell);
        return { value: (field.dictType && (await picklist(db, field.dictType)).get(key(text))) ?? text };
      }
      case 'multipicklist': {
        const values = field.dictType ? await picklist(db, field.dictType) : new Map<string, string>();
        const parts = textInput(cell)
          .split(/[;；\n]/)
          .map((part) => part.trim())
          .filter(Boolean);
        return { value: parts.map((part) => values.get(key(part)) ?? part) };
      }
      case 'lookup': {
        const name = textInput(cell);
        if (!field.lookupModule) return { value: name };
        const ids = await idsNamed(db, field.lookupModule, name);
        const label = labelOf(field, caller.lang);
        if (!ids.length) return { problem: { key: 'record.lookupNotFound', params: { field: label } } };
        if (ids.length > 1) return { problem: { key: 'import.lookupAmbiguous', params: { field: label, value: name, count: ids.length > 2 ? '3+' : String(ids.length) } } };
        return { value: ids[0] };
      }
      default:
        return { value: textInput(cell) };
    }
  }

  return { read };
}

export type CellReader = ReturnType<typeof createCellReader>;
