import { describe, expect, it } from 'vitest';
import { checkFieldValue, isCalendarDate, type FieldRules } from './fieldValue';

const rules = (type: FieldRules['type'], extra: Partial<FieldRules> = {}): FieldRules => ({ type, required: false, ...extra });
const ok = (r: FieldRules, v: unknown) => {
  const result = checkFieldValue(r, v);
  if (!result.ok) throw new Error(`refused ${JSON.stringify(v)}: ${result.key}`);
  return result.value;
};
const key = (r: FieldRules, v: unknown) => {
  const result = checkFieldValue(r, v);
  return result.ok ? 'ok' : result.key;
};

describe('checkFieldValue: one value against its field, as server and form both check it', () => {
  it('empty values become null ([] for multi-picklists, false for checkboxes), or the required message of the field or its type', () => {
    expect(ok(rules('text'), '   ')).toBeNull();
    expect(ok(rules('multipicklist'), [])).toEqual([]);
    expect(ok(rules('checkbox', { required: true }), undefined)).toBe(false);
    expect(key(rules('text', { required: true }), '')).toBe('validation.required');
    expect(key(rules('text', { required: true, requiredMessage: 'validation.lastNameRequired' }), null)).toBe('validation.lastNameRequired');
    expect(key(rules('email', { required: true }), '')).toBe('validation.emailRequired');
    expect(key(rules('phone', { required: true }), '')).toBe('validation.phoneRequired');
    expect(key(rules('url', { required: true }), '')).toBe('validation.urlRequired');
    expect(key(rules('percent', { required: true }), null)).toBe('validation.percentRequired');
  });

  it('text is trimmed and its length counts double-width characters twice', () => {
    expect(ok(rules('text', { maxLength: 4 }), '  ab  ')).toBe('ab');
    expect(ok(rules('text', { maxLength: 4 }), '中文')).toBe('中文');
    expect(checkFieldValue(rules('text', { maxLength: 4 }), '中文字')).toEqual({ ok: false, key: 'validation.tooLong', params: { max: 4 } });
    expect(key(rules('text'), 12)).toBe('validation.invalidValue');
  });

  it('formats: e-mail, url (with or without its scheme), phone', () => {
    expect(key(rules('email'), 'a@b.co')).toBe('ok');
    expect(key(rules('email'), 'a@b')).toBe('validation.invalidValue');
    expect(key(rules('url'), 'https://acme.com/x')).toBe('ok');
    expect(key(rules('url'), 'acme.com')).toBe('ok');
    expect(key(rules('url'), 'not a url')).toBe('validation.invalidValue');
    expect(key(rules('phone'), '+1 (555) 010-2030 ext. 12')).toBe('ok');
    expect(key(rules('phone'), '+86 10 1234 5678')).toBe('ok');
    expect(key(rules('phone'), 'call me')).toBe('validation.invalidValue');
    expect(key(rules('phone'), '--')).toBe('validation.invalidValue');
  });

  it('numbers: whole numbers, decimals, money as text that never passes through a float, percent within 0–100', () => {
    expect(ok(rules('number'), '42')).toBe(42);
    expect(key(rules('number'), 4.2)).toBe('validation.wholeNumber');
    expect(ok(rules('number', { decimals: 2 }), 4.25)).toBe(4.25);
    expect(checkFieldValue(rules('number', { decimals: 1 }), '4.25')).toMatchObject({ ok: false, key: 'validation.decimalNumber', params: { decimals: 1 } });
    expect(ok(rules('currency'), 1234.5)).toBe('1234.5');
    expect(ok(rules('currency'), '9999999999999999.99')).toBe('9999999999999999.99');
    expect(key(rules('currency'), '1e5')).toBe('validation.decimalNumber');
    expect(key(rules('currency'), Infinity)).toBe('validation.decimalNumber');
    expect(key(rules('number'), '1'.repeat(19))).toBe('validation.numberDigits');
    expect(ok(rules('percent'), 55.5)).toBe(55.5);
    expect(key(rules('percent'), 101)).toBe('validation.invalidValue');
  });

  it('numbers beyond their column, or beyond what a JSON number carries exactly, are refused: read as decimal text, never through a float', () => {
    // A number or percent travels as a JSON number: at most 15 digits in all, so that it reads back as it was written.
    expect(checkFieldValue(rules('number'), '99999999999999999')).toEqual({ ok: false, key: 'validation.numberDigits', params: { max: 15 } });
    expect(checkFieldValue(rules('number', { decimals: 2 }), '9999999999999999.99')).toEqual({ ok: false, key: 'validation.numberDigits', params: { max: 15 } });
    expect(key(rules('number'), Number('9007199254740993'))).toBe('validation.numberDigits'); // a JSON number already rounded (to …992)
    expect(key(rules('number'), 1e21)).toBe('validation.numberDigits'); // not 'whole number' for its "1e+21"
    expect(ok(rules('number', { decimals: 2 }), '0120.50')).toBe(120.5);
    expect(ok(rules('number'), '999999999999999')).toBe(999999999999999);
    expect(ok(rules('number'), '-000999999999999999')).toBe(-999999999999999);
    expect(ok(rules('number', { decimals: 6 }), '123456789.123456')).toBe(123456789.123456);
    expect(ok(rules('number', { decimals: 6 }), 0.000001)).toBe(0.000001);
    expect(key(rules('number', { decimals: 6 }), 1e-7)).toBe('validation.decimalNumber');
    // Money is decimal text: the column's 18 digits, 16 before the point.
    expect(ok(rules('currency'), '-9999999999999999.99')).toBe('-9999999999999999.99');
    expect(checkFieldValue(rules('currency'), '10000000000000000')).toEqual({ ok: false, key: 'validation.integerDigits', params: { max: 16 } });
    expect(key(rules('currency'), 1e16)).toBe('validation.integerDigits');
    expect(key(rules('currency'), '1.005')).toBe('validation.decimalNumber');
  });

  it('dates must exist and fall within years 1900–2999; date-times are normalised to ISO', () => {
    expect(ok(rules('date'), '2026-02-28')).toBe('2026-02-28');
    for (const bad of ['2026-02-30', '0000-01-01', '9999-12-31', '2026-13-01', '26-1-1']) expect(key(rules('date'), bad)).toBe('validation.invalidValue');
    expect(ok(rules('datetime'), '2026-11-23T10:00:00Z')).toBe('2026-11-23T10:00:00.000Z');
    expect(key(rules('datetime'), '2026-11-23T25:00:00Z')).toBe('validation.invalidValue');
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
  });

  it('choices, lookups and related records: shape only (the server checks they exist)', () => {
    expect(ok(rules('multipicklist'), ['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(key(rules('multipicklist'), 'a')).toBe('validation.invalidValue');
    // A picklist takes one value: several are "pick one option only", not a value chosen for the caller.
    expect(key(rules('picklist'), ['a', 'b'])).toBe('validation.pickOne');
    expect(key(rules('picklist'), { a: 1 })).toBe('validation.invalidValue');
    expect(ok(rules('lookup'), 7)).toBe(7);
    expect(key(rules('lookup'), '7')).toBe('validation.invalidValue');
    expect(key(rules('lookup'), -1)).toBe('validation.invalidValue');
    const related = rules('relatedRecord', { relatedModules: ['leads', 'account'] });
    expect(ok(related, { module: 'leads', id: 3 })).toEqual({ module: 'leads', id: 3 });
    expect(key(related, { module: 'task', id: 3 })).toBe('validation.relatedModuleNotAllowed');
    expect(key(related, { module: 'nope', id: 3 })).toBe('validation.invalidValue');
    expect(key(rules('checkbox'), 'yes')).toBe('validation.invalidValue');
  });
});
