import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import type pg from 'pg';
import { isDatabaseUnavailable } from '../lib/databaseUnavailable';
import type { Db } from './client';

/**
 * `db.transaction` for a node-postgres pool that gives its connection back on every path.
 *
 * drizzle-orm 0.45 runs BEGIN before the try/finally that releases the pooled client
 * (drizzle-orm#6241, #6114): a connection lost at BEGIN kept its pool slot for good, and after
 * `max` such losses every request waited for a connection that never came. Here the client is
 * checked out first, drizzle runs the transaction on that one client (it releases nothing it did
 * not take), and the client is released in `finally`: destroyed when the connection is gone, so
 * the pool never hands a dead one out again.
 */
export function pooledTransaction(pool: pg.Pool, logger?: Logger): Db['transaction'] {
  const transaction = async (work: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    const client = await pool.connect();
    let lost: Error | undefined;
    try {
      return await (drizzlePg(client, { logger }) as unknown as Db).transaction(work, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) lost = error as Error;
      throw error;
    } finally {
      client.release(lost);
    }
  };
  return transaction as Db['transaction'];
}
