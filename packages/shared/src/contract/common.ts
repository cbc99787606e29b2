import { z } from 'zod';
import { DEFAULT_PAGE_NUM, DEFAULT_PAGE_SIZE, EARLIEST_DAY, LATEST_DAY, MAX_PAGE_SIZE } from '../constants';
import { oneOf, optionalText, stringValue } from '../validation';

/**
 * Building blocks shared by every administration list and form: paging (pageSize capped at
 * MAX_PAGE_SIZE), sorting by a per-entity whitelist of column names, date ranges sent the RuoYi way
 * (`params[beginTime]`, `params[endTime]`), ids in paths ("1,2,3").
 */
export const pageQuery = {
  pageNum: z.coerce.number().int().min(1).default(DEFAULT_PAGE_NUM),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
};

/** RuoYi's tables send `ascending` / `descending`; both spellings are accepted, nothing else. */
export const sortDirection = z.enum(['asc', 'desc', 'ascending', 'descending']);

/** Sorting: the column must be one of the entity's whitelisted names, otherwise the request is refused. */
export function sortQuery<const T extends readonly [string, ...string[]]>(columns: T) {
  return { orderByColumn: z.enum(columns).optional(), isAsc: sortDirection.optional() };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A day of the calendar (and a time of day): 2026-02-31 or 24:00 would roll over into another one. */
function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, date = 0, hours = 0, minutes = 0, seconds = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const day = new Date(0);
  day.setUTCFullYear(year, month - 1, date);
  return day.getUTCMonth() === month - 1 && day.getUTCDate() === date && hours < 24 && minutes < 60 && seconds < 60;
}

/** A day sent as `YYYY-MM-DD` (with an optional `HH:mm[:ss]`), real, from EARLIEST_DAY to LATEST_DAY; the first failed check is the one reported. */
const day = z.union([
  z.literal(''),
  stringValue()
    .regex(DAY, { error: 'validation.wrongFormat' })
    .refine((text) => text.slice(0, 10) >= EARLIEST_DAY && text.slice(0, 10) <= LATEST_DAY, {
      error: 'validation.dateOutOfRange',
      params: { minimum: EARLIEST_DAY, maximum: LATEST_DAY },
    })
    .refine(isCalendarDay, { error: 'validation.invalidDate' }),
]);
export const dateRangeQuery = {
  'params[beginTime]': day.optional(),
  'params[endTime]': day.optional(),
  beginTime: day.optional(),
  endTime: day.optional(),
};

/** A text filter ("contains"); empty means no filter. */
export const textFilter = (max = 100) => optionalText(max).optional();

export const statusValue = oneOf(['0', '1']);
export const statusFilter = z.union([z.literal(''), statusValue]).optional();

export const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/**
 * An id inside a JSON body of Orbit's own (not a RuoYi form): a JSON number only. `id` coerces,
 * which a path or query needs, but in a body it read `true` as 1 and `[5]` as 5.
 */
export const jsonId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** "1,2,3" in a path: at most 500 ids. */
export const idList = stringValue()
  .regex(/^\d{1,15}(,\d{1,15}){0,499}$/, { error: 'validation.invalidValue' })
  .transform((s) => [...new Set(s.split(',').map(Number))]);

/** An optional text that the client may send as null; stored as ''. */
export const nullableText = (max: number) =>
  optionalText(max)
    .nullish()
    .transform((v) => v ?? '');

/** `totalCapped`: there are more rows than `total` says (a records list counts only up to a threshold: crm/listCount.ts). */
export type PageRows<T> = { code: number; msg: string; total: number; rows: T[]; totalCapped?: boolean };
export type TreeSelectNode = { id: number; label: string; disabled?: boolean; children?: TreeSelectNode[] };

/** Ids as RuoYi sends them in a body ("1,2,3") or as a JSON array: at most 500. */
const idsField = z.union([
  stringValue().regex(/^\d{1,15}(,\d{1,15}){0,499}$/, { error: 'sort.idsAndOrders' }).transform((text) => text.split(',').map(Number)),
  z.array(id).max(500),
]);
const orderNumsField = z.union([
  stringValue().regex(/^\d{1,4}(,\d{1,4}){0,499}$/, { error: 'sort.idsAndOrders' }).transform((text) => text.split(',').map(Number)),
  z.array(z.number().int().min(0).max(9999)).max(500),
]);

/**
 * RuoYi's "save the order" body (`PUT /system/dept/updateSort`, `/system/menu/updateSort`):
 * `{ deptIds: "1,2", orderNums: "3,4" }`, one order number per id, given as a list of pairs.
 */
export function sortUpdateBody(idsKey: 'deptIds' | 'menuIds') {
  return z
    .object({ [idsKey]: idsField, orderNums: orderNumsField })
    .transform((body, ctx): SortUpdate => {
      const ids = body[idsKey] as number[];
      const orders = body.orderNums as number[];
      if (ids.length !== orders.length || new Set(ids).size !== ids.length) {
        ctx.addIssue({ code: 'custom', message: 'sort.idsAndOrders', path: ['orderNums'] });
        return z.NEVER;
      }
      return ids.map((entityId, index) => ({ id: entityId, orderNum: orders[index]! }));
    });
}
export type SortUpdate = Array<{ id: number; orderNum: number }>;

/** Who a user is, as the session and the user list both show them. */
export type UserIdentity = {
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  sex: string;
  avatar: string;
};
