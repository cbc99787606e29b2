import { describe, expect, it } from 'vitest';
import { progressBar } from './progressBar';

describe('progressBar', () => {
  it('shows an aria-hidden bar while a route loads, and removes it when done', async () => {
    progressBar.start();
    const bar = document.querySelector('#nprogress .bar');
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    expect(bar?.getAttribute('role')).toBeNull();
    progressBar.done();
    await expect.poll(() => document.querySelector('#nprogress'), { timeout: 3000 }).toBeNull();
  });
});
