import { afterEach, describe, expect, it } from 'vitest';
import { setSession, type Session } from '../store/session';
import { currencySign, formatCurrency, organisationCurrency } from './formatCurrency';

const signedInWith = (organisationCurrency: Session['organisationCurrency']) => setSession({ organisationCurrency } as Session);

describe('formatCurrency', () => {
  afterEach(() => setSession(null));

  it('writes an amount in the organisation’s currency in both languages, keeping its cents', () => {
    expect(organisationCurrency()).toBe('USD');
    expect(formatCurrency(1234.5, 'en')).toBe('$1,234.50');
    expect(formatCurrency('-3', 'en')).toBe('-$3.00');
    // The same dollars in Chinese: never relabelled as yen, never rounded to whole units.
    expect(formatCurrency('36500.50', 'zh')).toBe('US$36,500.50');
    expect(formatCurrency('168000.00', 'zh')).toBe('US$168,000.00');
  });

  it('follows the organisation’s currency from the session: ¥ only for yuan (and JP¥ for yen)', () => {
    signedInWith('CNY');
    expect(formatCurrency('1234.56', 'zh')).toBe('¥1,234.56');
    expect(formatCurrency('1234.56', 'en')).toBe('CN¥1,234.56');
    signedInWith('JPY');
    expect(formatCurrency('1235', 'zh')).toBe('JP¥1,235');
    signedInWith('EUR');
    expect(formatCurrency('1234.5', 'en')).toBe('€1,234.50');
    expect(currencySign('zh')).toBe('€');
  });

  it('keeps the cents of amounts beyond a float’s exact range', () => {
    expect(formatCurrency('9999999999999999.99', 'en')).toBe('$9,999,999,999,999,999.99');
  });

  it('writes nothing for no amount', () => {
    expect(formatCurrency(null, 'en')).toBe('');
    expect(formatCurrency('', 'en')).toBe('');
    expect(formatCurrency('abc', 'zh')).toBe('');
  });

  it('gives the sign beside money inputs', () => {
    expect(currencySign('en')).toBe('$');
    expect(currencySign('zh')).toBe('US$');
  });
});
