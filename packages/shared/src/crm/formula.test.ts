import { describe, expect, it } from 'vitest';
import { checkFormula, parseFormula, type FormulaResolver } from './formula';

const fields: Record<string, 'number' | 'text' | 'date' | 'boolean'> = { amount: 'number', name: 'text', closeDate: 'date', won: 'boolean', 'accountId.annualRevenue': 'number' };
const resolve: FormulaResolver = (path) => (fields[path.join('.')] ? { type: fields[path.join('.')]!, label: path.join('.') } : undefined);

describe('the formula language', () => {
  it('parses with the usual precedence', () => {
    const parsed = parseFormula('1 + 2 * 3 > 6 AND TRUE');
    expect(parsed.ok && parsed.tree).toMatchObject({ kind: 'binary', op: 'AND', left: { kind: 'binary', op: '>', left: { op: '+', right: { op: '*' } } } });
  });

  it('gives each formula its result type and says what it reads', () => {
    const check = (text: string) => {
      const r = checkFormula(text, resolve);
      if (!r.ok) throw new Error(r.error.key);
      return r.formula;
    };
    expect(check('ROUND(amount * 1.1, 2)')).toMatchObject({ type: 'number', fields: ['amount'], usesParent: false, usesToday: false });
    expect(check("UPPER(name) & ' ' & 'it''s'")).toMatchObject({ type: 'text' });
    expect(check('ADD_DAYS(closeDate, 7)').type).toBe('date');
    expect(check('closeDate + 7').type).toBe('date');
    expect(check('DAYS_BETWEEN(TODAY(), closeDate)')).toMatchObject({ type: 'number', usesToday: true });
    expect(check('accountId.annualRevenue / 12')).toMatchObject({ usesParent: true, parents: ['accountId.annualRevenue'], fields: ['accountId'] });
    expect(check('IF(won, amount, NULL)').type).toBe('number');
    expect(check("CASE(name, 'a', 1, 'b', 2, 0)").type).toBe('number');
    expect(check('CONCAT(name, closeDate)')).toMatchObject({ type: 'text', usesDateText: true });
  });

  it('refuses with a message key and its parameters', () => {
    const refusal = (text: string, self?: string) => {
      const r = checkFormula(text, resolve, self);
      return r.ok ? undefined : r.error;
    };
    expect(refusal('amount +')).toEqual({ key: 'formula.syntax', params: { at: 9 } });
    expect(refusal("'open")).toEqual({ key: 'formula.syntax', params: { at: 1 } });
    expect(refusal('amount / -0')).toEqual({ key: 'formula.divideByZero', params: {} });
    expect(refusal('CASE(name, 1, 2)')).toMatchObject({ key: 'formula.argCount' });
    expect(refusal("CASE(name, 1, 2, 3)")).toMatchObject({ key: 'formula.argType', params: { fn: 'CASE', expected: 'text' } });
    expect(refusal('ROUND(amount, amount)')).toMatchObject({ key: 'formula.argType' });
    expect(refusal('won + 1')).toMatchObject({ key: 'formula.operandType', params: { op: '+' } });
    expect(refusal('amount * 2', 'Amount')).toEqual({ key: 'formula.selfReference', params: {} });
    expect(refusal('x'.repeat(2001))).toMatchObject({ key: 'formula.tooLong' });
    expect(refusal('('.repeat(60) + '1' + ')'.repeat(60))).toMatchObject({ key: 'formula.tooLong' });
  });
});
