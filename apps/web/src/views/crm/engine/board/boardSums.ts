import type { CrmRecord, FieldMeta } from '@orbit/shared/contract/crm';
import type { BoardSumMeta } from '@orbit/shared/crm/board';

/**
 * A board sum's part of one card, added to or taken from a column's total when the card moves —
 * exactly, on the wire's decimal text (money never passes through a float): Σ field, or
 * Σ field × weightBy / 100 rounded to the sum's decimals, as the server rounds it.
 */
/** `currency`: a money sum's currency (the organisation's, the board says); a card in another one is converted by the server only. */
export type BoardSum = BoardSumMeta & { decimals: number; currency?: string };

/** The module's sums with the decimals of the field they add up (money: cents). */
export const boardSumsOf = (sums: BoardSumMeta[], fields: FieldMeta[], currency?: string): BoardSum[] =>
  sums.map((s) => {
    const field = fields.find((f) => f.name === s.field);
    return { ...s, decimals: field?.decimals ?? (field?.type === 'currency' ? 2 : 0), ...(field?.type === 'currency' && currency ? { currency } : {}) };
  });

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Digits kept beyond a sum's decimals while a weighted part is computed, then rounded away. */
const EXTRA = 6;

/** Division rounding half away from zero, as PostgreSQL's numeric rounds. */
function divideRounded(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/** A value (decimal text or a JSON number) in units of 10^-scale; null when it is empty or not a number. */
export function toUnits(value: unknown, scale: number): bigint | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const kept = BigInt(whole! + fraction.slice(0, scale).padEnd(scale, '0'));
  const rest = fraction.slice(scale);
  const rounded = rest && rest[0]! >= '5' ? kept + 1n : kept;
  return sign ? -rounded : rounded;
}

/** Units of 10^-scale as decimal text ("1234.50"). */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** A card's part of a sum, in units of the sum's decimals (an empty value counts as 0, as in SQL's sum). */
export function cardPart(card: CrmRecord, sum: BoardSum): bigint {
  // An amount in another currency is converted at a dated rate only the server knows (issue 33): the
  // column's totals wait for the board the save refreshes rather than add euros to dollars.
  if (sum.currency && typeof card.currency === 'string' && card.currency !== sum.currency) return 0n;
  const value = toUnits(card[sum.field], sum.decimals + EXTRA);
  if (value === null) return 0n;
  const weight = sum.weightBy ? (toUnits(card[sum.weightBy], EXTRA) ?? 0n) : null;
  const scaled = weight === null ? value : divideRounded(value * weight, 100n * 10n ** BigInt(EXTRA));
  return divideRounded(scaled, 10n ** BigInt(EXTRA));
}

/** A column's sum with `delta` units added. */
export const addUnits = (total: string, delta: bigint, sum: BoardSum): string => fromUnits((toUnits(total, sum.decimals) ?? 0n) + delta, sum.decimals);
