import { sql } from 'drizzle-orm';
import { RECYCLE_BIN_DAYS } from '@orbit/shared/crm/modules';
import type { Db } from '../../../../db/client';
import type { ObjectStore } from '../../../files/objectStore';
import { createAttachmentsRepository } from '../../attachments/attachments.repository';
import { moduleHooksOf, moduleSeeds } from '../crmModules';
import { rowsOf } from '../query/sql';

/**
 * Empties the recycle bins of records deleted more than RECYCLE_BIN_DAYS ago, with their history
 * and what their module removes with them (`beforePurge`: campaign memberships), one module at a
 * time, each in its own transaction. Their files' rows go in the same transaction and their bytes
 * from `store` after it commits (a failure there leaves an orphan, never a row without its file).
 * Answers how many records went.
 */
export async function purgeRecycleBin(db: Db, store: ObjectStore, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RECYCLE_BIN_DAYS * 86_400_000);
  let purged = 0;
  for (const { module, table } of moduleSeeds()) {
    const { count, keys } = await db.transaction(async (tx) => {
      const rows = await rowsOf<{ id: unknown }>(tx, sql`delete from ${sql.identifier(table)} where deleted_at < ${cutoff} returning id`);
      if (!rows.length) return { count: 0, keys: [] };
      const ids = rows.map((r) => Number(r.id));
      await tx.execute(sql`delete from crm_record_history where module = ${module} and record_id in ${ids}`);
      await moduleHooksOf(module).beforePurge?.(tx, ids);
      return { count: ids.length, keys: await createAttachmentsRepository(tx).removeOfRecords(module, ids) };
    });
    for (const key of keys) await store.delete(key);
    purged += count;
  }
  return purged;
}
