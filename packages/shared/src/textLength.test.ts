import { describe, expect, it } from 'vitest';
import { textLength } from './textLength';

describe('textLength', () => {
  it('counts single-width characters as 1 and double-width as 2', () => {
    expect(textLength('')).toBe(0);
    expect(textLength(null)).toBe(0);
    expect(textLength('abc 12')).toBe(6);
    expect(textLength('线索')).toBe(4);
    expect(textLength('Orbit 客户')).toBe(10);
    expect(textLength('ＡＢ')).toBe(4);
    expect(textLength('é')).toBe(1);
    expect(textLength('😀')).toBe(2);
  });
});
