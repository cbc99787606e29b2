import { describe, expect, it } from 'vitest';
import { flattenParams } from './flattenParams';

describe('flattenParams (GET parameters, SPEC §7)', () => {
  it('writes nested objects as key[sub], encoded', () => {
    const query = flattenParams({ pageNum: 1, params: { beginTime: '2026-11-01', endTime: '2026-11-22' } });
    expect(query).toBe('pageNum=1&params%5BbeginTime%5D=2026-11-01&params%5BendTime%5D=2026-11-22');
    expect(decodeURIComponent(query)).toBe('pageNum=1&params[beginTime]=2026-11-01&params[endTime]=2026-11-22');
  });

  it('nests deeper and repeats array values', () => {
    expect(decodeURIComponent(flattenParams({ a: { b: { c: 'x' } }, ids: [1, 2] }))).toBe('a[b][c]=x&ids=1&ids=2');
  });

  it('leaves out empty values and empty objects, keeps 0 and false', () => {
    expect(flattenParams({ a: undefined, b: null, c: '', d: {}, e: { f: '' }, g: 0, h: false })).toBe('g=0&h=false');
  });

  it('encodes characters that would break the query', () => {
    expect(flattenParams({ userName: 'a&b=c d' })).toBe('userName=a%26b%3Dc%20d');
  });
});
