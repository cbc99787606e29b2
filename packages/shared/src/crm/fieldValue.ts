import type { MessageKey, MessageParams } from '../messages';
import { EMAIL_PATTERN, URL_PATTERN } from '../patterns';
import { textLength } from '../textLength';
import { isCrmModule } from './modules';
import {
  CURRENCY_DECIMALS,
  EXACT_NUMBER_DIGITS,
  MAX_LIST_VALUES,
  MAX_YEAR,
  MIN_YEAR,
  NUMBER_PRECISION,
  LONG_TEXT_TYPES,
  TEXTAREA_MAX_LENGTH,
  TEXT_MAX_LENGTH,
  type FieldType,
} from './fieldTypes';

/**
 * One field value checked and normalised exactly the same way by the server (before it writes)
 * and by the web form (as the user types), so both say the same thing with the same message.
 * What needs the database — a picklist's allowed values, whether a looked-up record exists and
 * may be seen, uniqueness — is checked by the server; the form learns it from the server's answer.
 * A value that is not of its field's type or choices reads one way whatever the type —
 * 'validation.invalidValue' ("Email has an invalid value"), as the database's checks say it of a
 * picklist value — so that a form and an import's list of errors speak alike; limits the user can
 * act on (length, decimals, digits, one choice) keep their own words.
 */
export type FieldRules = {
  type: FieldType;
  required: boolean;
  /** Message key for "required" when the field has its own ('Please fill in last name'). */
  requiredMessage?: MessageKey | null;
  maxLength?: number | null;
  decimals?: number | null;
  /** Modules a relatedRecord value may point at. */
  relatedModules?: readonly string[] | null;
};

/** A stored value on the wire: see docs/records-engine.md, "Values". */
export type FieldValue = string | number | boolean | string[] | { module: string; id: number } | null;

export type ValueCheck = { ok: true; value: FieldValue } | { ok: false; key: MessageKey; params?: MessageParams };

const PHONE_PATTERN = /^\+?[\d\s().-]{3,40}((\s*(ext\.?|x|#)\s*)\d{1,6})?$/i;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const fail = (key: MessageKey, params?: MessageParams): ValueCheck => ({ ok: false, key, params });
const pass = (value: FieldValue): ValueCheck => ({ ok: true, value });

/** Empty in the sense of "required": nothing, blank text, or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** The message of a missing required value: the field's own, or the one of its type (SPEC §5), or the generic one. */
export function requiredMessageOf(rules: FieldRules): MessageKey {
  if (rules.requiredMessage) return rules.requiredMessage;
  switch (rules.type) {
    case 'email':
      return 'validation.emailRequired';
    case 'phone':
      return 'validation.phoneRequired';
    case 'url':
      return 'validation.urlRequired';
    case 'percent':
      return 'validation.percentRequired';
    default:
      return 'validation.required';
  }
}

/** A calendar date 'YYYY-MM-DD' that exists, within the accepted years. */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || year > MAX_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO date-time (or a calendar date) within the accepted years. */
export function isDateTime(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return false;
  if (!isCalendarDate(text.slice(0, 10))) return false;
  return !Number.isNaN(new Date(text.length === 10 ? `${text}T00:00:00` : text.replace(' ', 'T')).getTime());
}

/**
 * A JS number as plain decimal text, its shortest form without an exponent (1e21 →
 * "1000000000000000000000", 1e-7 → "0.0000001"), so that it is judged digit by digit like typed text.
 */
export function numberText(value: number): string | undefined {
  if (!Number.isFinite(value)) return undefined;
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, rest = '', exponent] = match;
  const digits = `${lead}${rest}`;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

const DECIMAL_TEXT = /^-?(\d+)(?:\.(\d+))?$/;

function checkText(rules: FieldRules, value: unknown): ValueCheck {
  if (typeof value !== 'string') return fail('validation.invalidValue');
  const text = value.trim();
  const max = rules.maxLength ?? (LONG_TEXT_TYPES.has(rules.type) ? TEXTAREA_MAX_LENGTH : TEXT_MAX_LENGTH);
  if (textLength(text) > max) return fail('validation.tooLong', { max });
  if (rules.type === 'email' && !EMAIL_PATTERN.test(text)) return fail('validation.invalidValue');
  // A website typed without its scheme ("acme.com") is accepted as people type it.
  if (rules.type === 'url' && !URL_PATTERN.test(text) && !URL_PATTERN.test(`https://${text}`)) return fail('validation.invalidValue');
  if (rules.type === 'phone' && (!PHONE_PATTERN.test(text) || (text.match(/\d/g)?.length ?? 0) < 3)) return fail('validation.invalidValue');
  return pass(text);
}

/**
 * A number read as decimal text (a JSON number through its shortest text), never through float
 * arithmetic, and checked against its column `numeric(NUMBER_PRECISION, decimals)`: at most
 * `decimals` after the point, NUMBER_PRECISION − decimals before it; a number or percent, which
 * travels as a JSON number, at most EXACT_NUMBER_DIGITS digits in all.
 */
function checkNumber(rules: FieldRules, value: unknown): ValueCheck {
  const decimals = rules.type === 'currency' ? CURRENCY_DECIMALS : rules.type === 'percent' ? (rules.decimals ?? 2) : (rules.decimals ?? 0);
  const text = typeof value === 'number' ? numberText(value) : typeof value === 'string' ? value.trim() : undefined;
  const match = text === undefined ? null : DECIMAL_TEXT.exec(text);
  if (!match || (match[2] ?? '').length > decimals) return fail(decimals ? 'validation.decimalNumber' : 'validation.wholeNumber', { decimals });
  const whole = match[1]!.replace(/^0+/, '').length;
  const significant = whole + (match[2] ?? '').replace(/0+$/, '').length;
  const money = rules.type === 'currency';
  if (!money && significant > EXACT_NUMBER_DIGITS) return fail('validation.numberDigits', { max: EXACT_NUMBER_DIGITS });
  if (whole > NUMBER_PRECISION - decimals) return fail('validation.integerDigits', { max: NUMBER_PRECISION - decimals });
  if (rules.type === 'percent' && (Number(text) < 0 || Number(text) > 100)) return fail('validation.invalidValue');
  // Money stays text on the wire (numeric in the database); other numbers are JSON numbers, exact within EXACT_NUMBER_DIGITS.
  return pass(money ? text! : Number(text));
}

/**
 * Checks one value against its field: `undefined` (not sent) is not checked here. An empty value
 * becomes null (false for a checkbox, [] for a multi-picklist), or the required message.
 */
export function checkFieldValue(rules: FieldRules, value: unknown): ValueCheck {
  if (isEmptyValue(value) || (rules.type === 'checkbox' && value === false)) {
    if (rules.type === 'checkbox') return pass(false);
    if (rules.required) return fail(requiredMessageOf(rules));
    return pass(rules.type === 'multipicklist' ? [] : null);
  }
  switch (rules.type) {
    case 'text':
    case 'textarea':
    case 'richtext':
    case 'email':
    case 'url':
    case 'phone':
      return checkText(rules, value);
    case 'number':
    case 'currency':
    case 'percent':
      return checkNumber(rules, value);
    case 'date':
      return typeof value === 'string' && isCalendarDate(value.trim()) ? pass(value.trim()) : fail('validation.invalidValue');
    case 'datetime':
      return typeof value === 'string' && isDateTime(value.trim()) ? pass(new Date(value.trim()).toISOString()) : fail('validation.invalidValue');
    case 'checkbox':
      return value === true ? pass(true) : fail('validation.invalidValue');
    case 'picklist':
      // Several values where one is due: the caller must choose, never the server.
      if (Array.isArray(value)) return fail('validation.pickOne');
      return typeof value === 'string' && value.length <= 100 ? pass(value) : fail('validation.invalidValue');
    case 'multipicklist': {
      if (!Array.isArray(value) || value.length > MAX_LIST_VALUES || !value.every((v) => typeof v === 'string' && v.length <= 100)) {
        return fail('validation.invalidValue');
      }
      return pass([...new Set(value as string[])]);
    }
    case 'lookup':
      return Number.isSafeInteger(value) && (value as number) > 0 ? pass(value as number) : fail('validation.invalidValue');
    case 'relatedRecord': {
      const related = value as { module?: unknown; id?: unknown };
      const allowed = rules.relatedModules ?? [];
      if (typeof related !== 'object' || !isCrmModule(related.module)) return fail('validation.invalidValue');
      // A module the field was not declared for (a task's "name" is a lead or a contact, never an account).
      if (!allowed.includes(related.module)) return fail('validation.relatedModuleNotAllowed');
      if (!Number.isSafeInteger(related.id) || (related.id as number) <= 0) return fail('validation.invalidValue');
      return pass({ module: related.module, id: related.id as number });
    }
  }
}
