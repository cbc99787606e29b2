import { sql } from 'drizzle-orm';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import type { ModuleAccess, ModuleSharingRow } from '@orbit/shared/contract/sharing';
import type { Db } from '../../../db/client';
import { rowsOf } from '../engine/query/sql';

/**
 * Set-up › Sharing: every module's default access (a module without a row is private). The access
 * predicate reads the defaults with the session (auth/currentUser.ts `moduleAccess`), so a change
 * here applies from the next request on, with nothing to invalidate.
 */
export async function moduleSharingRows(db: Db): Promise<ModuleSharingRow[]> {
  const rows = await rowsOf<{ module: string; access: string }>(db, sql`select module, access from crm_module_sharing`);
  const set = new Map(rows.map((r) => [r.module, r.access as ModuleAccess]));
  return CRM_MODULES.map((module) => ({ module, access: set.get(module) ?? 'private' }));
}

export async function setModuleSharing(db: Db, module: CrmModule, access: ModuleAccess, by: string): Promise<void> {
  await db.execute(
    sql`insert into crm_module_sharing (module, access, update_by, update_time) values (${module}, ${access}, ${by}, now())
        on conflict (module) do update set access = excluded.access, update_by = excluded.update_by, update_time = excluded.update_time`,
  );
}
