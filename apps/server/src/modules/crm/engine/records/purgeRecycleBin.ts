import { sql } from 'drizzle-orm';
import { RECYCLE_BIN_DAYS } from '@orbit/shared/crm/modules';
import type { Db } from '../../../../db/client';
import { MODULE_SEEDS } from '../moduleSeeds';
import { rowsOf } from '../query/sql';

/**
 * Empties the recycle bins of records deleted more than RECYCLE_BIN_DAYS ago, with their history
 * and campaign memberships, one module at a time, each in its own transaction. Answers how many
 * records went.
 */
export async function purgeRecycleBin(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - RECYCLE_BIN_DAYS * 86_400_000);
  let purged = 0;
  for (const { module, table } of Object.values(MODULE_SEEDS)) {
    purged += await db.transaction(async (tx) => {
      const rows = await rowsOf<{ id: unknown }>(tx, sql`delete from ${sql.identifier(table)} where deleted_at < ${cutoff} returning id`);
      if (!rows.length) return 0;
      const ids = rows.map((r) => Number(r.id));
      await tx.execute(sql`delete from crm_record_history where module = ${module} and record_id in ${ids}`);
      if (module === 'leads') await tx.execute(sql`delete from crm_campaign_member where lead_id in ${ids}`);
      if (module === 'campaign') await tx.execute(sql`delete from crm_campaign_member where campaign_id in ${ids}`);
      return ids.length;
    });
  }
  return purged;
}
