import { describe, expect, it } from 'vitest';
import { MAX_TABS_DEFAULT } from '@orbit/shared/constants';
import { readMaxTabs } from './maxTabs';

describe('the cap on open tabs', () => {
  it('reads a whole number from 5 to 30, anything else as the default', () => {
    expect(readMaxTabs('12')).toBe(12);
    expect(readMaxTabs('5')).toBe(5);
    expect(readMaxTabs('30')).toBe(30);
    for (const wrong of ['4', '31', '', 'ten', '7.5']) expect(readMaxTabs(wrong)).toBe(MAX_TABS_DEFAULT);
  });
});
