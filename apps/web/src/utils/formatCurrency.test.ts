import { describe, expect, it } from 'vitest';
import { currencySign, formatCurrency } from './formatCurrency';

describe('formatCurrency', () => {
  it('uses USD for English', () => {
    expect(formatCurrency(1234.5, 'en')).toBe('$1,234.50');
    expect(formatCurrency('-3', 'en')).toBe('-$3.00');
  });
  it('uses JPY (no decimals) for Chinese', () => {
    expect(formatCurrency(1234.5, 'zh')).toMatch(/¥1,23[45]$/);
    expect(formatCurrency(1234.5, 'zh')).not.toContain('.');
  });
  it('leaves empty and non-numbers empty', () => {
    expect(formatCurrency(null, 'en')).toBe('');
    expect(formatCurrency('', 'en')).toBe('');
    expect(formatCurrency('abc', 'zh')).toBe('');
  });
  it('names the sign of the language\'s currency for money inputs', () => {
    expect(currencySign('en')).toBe('$');
    expect(currencySign('zh')).toMatch(/¥$/);
  });
});
