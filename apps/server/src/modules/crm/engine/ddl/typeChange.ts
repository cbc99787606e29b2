import { sql } from 'drizzle-orm';
import { LONG_TEXT_TYPES, type FieldType } from '@orbit/shared/crm/fieldTypes';
import { checkFieldValue } from '@orbit/shared/crm/fieldValue';
import type { Executor } from '../../../../db/client';
import { badRequest } from '../../../../lib/errors';
import type { FieldDef } from '../metadata/fieldDef';
import { rowsOf } from '../query/sql';
import { quoteIdent } from './customColumns';

/**
 * Which type changes of a custom field keep every stored value (docs/setup.md, "Type changes"):
 * among the text-like types the column stays `text` and each value must pass the new type's check
 * (an e-mail, a phone, a dictionary value…); text and numbers become numbers when every value is a
 * number with the new decimals; numbers become text; dates become date-times. Nothing else —
 * a change that could lose or corrupt data is refused before anything is touched.
 */
const TEXT_LIKE: ReadonlySet<FieldType> = new Set(['text', 'textarea', 'richtext', 'phone', 'email', 'url', 'picklist']);
const NUMERIC: ReadonlySet<FieldType> = new Set(['number', 'currency', 'percent']);

export type TypeChangePlan = { retype: boolean };

export function typeChangePlan(from: FieldType, to: FieldType): TypeChangePlan | undefined {
  if (from === to) return { retype: false };
  if (TEXT_LIKE.has(from) && TEXT_LIKE.has(to)) return { retype: false };
  if ((TEXT_LIKE.has(from) || NUMERIC.has(from)) && NUMERIC.has(to)) return { retype: true };
  if (NUMERIC.has(from) && (to === 'text' || LONG_TEXT_TYPES.has(to))) return { retype: true };
  if (from === 'date' && to === 'datetime') return { retype: true };
  return undefined;
}

/** A stored numeric as plain decimal text without trailing zeros ("12.50" → "12.5", "3.00" → "3"). */
const plainDecimal = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * Counts the stored values that would not survive the change (one grouped read of the column) and
 * refuses with the count and an example; `dictionary`: the allowed values of a new picklist type.
 */
export async function assertValuesConvert(
  db: Executor,
  table: string,
  field: FieldDef,
  to: { type: FieldType; decimals?: number | null; maxLength?: number | null },
  label: string,
  toLabel: string,
  dictionary?: ReadonlySet<string>,
): Promise<void> {
  if (to.type === 'datetime' || (NUMERIC.has(field.type) && !NUMERIC.has(to.type))) return; // always converts
  const c = quoteIdent(field.column);
  const rows = await rowsOf<{ v: string; n: unknown }>(db, sql.raw(`select ${c}::text as v, count(*) as n from ${quoteIdent(table)} where ${c} is not null group by 1`));
  let count = 0;
  let example: string | undefined;
  for (const row of rows) {
    const value = NUMERIC.has(field.type) ? plainDecimal(row.v) : row.v;
    const checked = checkFieldValue({ type: to.type, required: false, decimals: to.decimals, maxLength: to.maxLength }, value);
    const ok = checked.ok && (!dictionary || dictionary.has(row.v));
    if (!ok) {
      count += Number(row.n);
      example ??= row.v.slice(0, 40);
    }
  }
  if (count) throw badRequest('setup.typeChangeValues', { count, field: label, to: toLabel, example: example ?? '' });
}
