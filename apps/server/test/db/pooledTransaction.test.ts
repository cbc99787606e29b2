import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pooledTransaction } from '../../src/db/pooledTransaction';

/** A pool of one fake client that records its statements and how it was given back. */
function fakePool(failOn?: string) {
  const statements: string[] = [];
  const released: Array<Error | undefined> = [];
  const client = {
    async query(query: string | { text: string }) {
      const text = typeof query === 'string' ? query : query.text;
      statements.push(text);
      if (failOn && text.startsWith(failOn)) throw new Error('Connection terminated unexpectedly');
      return { rows: [], rowCount: 0, fields: [], command: '' };
    },
    release(error?: Error) {
      released.push(error);
    },
  };
  const pool = { connect: async () => client } as unknown as pg.Pool;
  return { pool, statements, released };
}

describe('a transaction on the PostgreSQL pool gives its connection back on every path', () => {
  it('committed: begin, the work, commit; the connection goes back healthy', async () => {
    const { pool, statements, released } = fakePool();
    expect(await pooledTransaction(pool)(async (tx) => (await tx.execute(sql`select 1`), 'ok'))).toBe('ok');
    expect(statements).toEqual(['begin', 'select 1', 'commit']);
    expect(released).toEqual([undefined]);
  });

  it('the work fails on bad input: rolled back, the connection goes back healthy', async () => {
    const { pool, statements, released } = fakePool();
    await expect(pooledTransaction(pool)(async () => Promise.reject(new Error('bad input')))).rejects.toThrow('bad input');
    expect(statements).toEqual(['begin', 'rollback']);
    expect(released).toEqual([undefined]);
  });

  it('the connection is lost at BEGIN (drizzle-orm 0.45 kept it checked out for good): given back and destroyed', async () => {
    const { pool, released } = fakePool('begin');
    await expect(pooledTransaction(pool)(async () => 'never')).rejects.toThrow();
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
  });
});
