import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, retryWhileUnavailable } from '../../src/lib/databaseUnavailable';

const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('a failure because the database cannot be reached', () => {
  it('is told apart from faults of the request, also when wrapped by drizzle', () => {
    expect(isDatabaseUnavailable(terminated())).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });

  it('is retried until the work succeeds; other failures and the last one are thrown', async () => {
    let calls = 0;
    expect(await retryWhileUnavailable(async () => (++calls < 3 ? Promise.reject(terminated()) : 'done'), 3, 1)).toBe('done');
    expect(calls).toBe(3);

    calls = 0;
    await expect(retryWhileUnavailable(async () => (++calls, Promise.reject(terminated())), 3, 1)).rejects.toMatchObject({ code: '57P01' });
    expect(calls).toBe(3);

    calls = 0;
    await expect(retryWhileUnavailable(async () => (++calls, Promise.reject(new Error('bad input'))), 3, 1)).rejects.toThrow('bad input');
    expect(calls).toBe(1);
  });
});
