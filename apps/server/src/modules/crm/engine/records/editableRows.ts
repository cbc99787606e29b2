import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the caller may change each row a read answers (a read-only share, a public read-only
 * module: not), for the web to offer no edit on the others: the write access (`changeScopeOf`) as
 * one more column of the same statement. No column when the caller may change every row (`write`
 * undefined).
 */
export const canEditColumn = (write: SQL | undefined): SQL => (write ? sql`, (${write}) as can_edit__` : sql``);

/** The column's value on a row: `true`, or `'t'` where a driver answers booleans as text. */
const editable = (row: Record<string, unknown>) => row.can_edit__ === true || row.can_edit__ === 't';

/** The ids of the rows the caller may only read. */
export const readOnlyIds = (rows: Array<Record<string, unknown>>, write: SQL | undefined): number[] => (write ? rows.filter((r) => !editable(r)).map((r) => Number(r.id)) : []);

/** Whether the caller may change the one row read with `canEditColumn`. */
export const rowEditable = (row: Record<string, unknown>, write: SQL | undefined): boolean => !write || editable(row);
