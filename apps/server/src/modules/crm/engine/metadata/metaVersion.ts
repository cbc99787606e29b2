import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client';
import { crmMetaVersion } from '../../../../db/schema/crm';

/** Bumps the metadata version in the change's own transaction: every process reloads on its next request. */
export async function bumpMetaVersion(tx: Executor): Promise<void> {
  await tx.update(crmMetaVersion).set({ version: sql`${crmMetaVersion.version} + 1` }).where(sql`${crmMetaVersion.id} = 1`);
}
