import type { Database } from './client';
import { reconcileDictionaries } from './seed/reconcileDictionaries';
import { reconcileModuleMenus } from './seed/moduleMenus';
import { reconcileSettings } from '../modules/system/config/reconcileSettings';
import { reconcileCrmMetadata } from '../modules/crm/engine/metadata/reconcileMetadata';
import { reconcileReportTemplates } from '../modules/crm/report/reportTemplates';
import { reconcileSalesDashboard } from '../modules/crm/dashboard/dashboardSeed';
import { reconcileSessionRead } from '../modules/auth/sessionRead';

/**
 * Brings a database up to this version: the schema migrations and the session read's function
 * (modules/auth/sessionRead.ts), then the standard data every
 * install needs whatever its age (dictionaries, the built-in settings, the business modules' metadata, the built-in report templates and sales dashboard,
 * and on an install seeded before a business module existed, that module's menus and its roles' grants). Run at every
 * start, before any seeding; each step is idempotent.
 */
export async function prepareDatabase(database: Pick<Database, 'db' | 'migrate'>): Promise<void> {
  await database.migrate();
  await reconcileSessionRead(database.db);
  await database.db.transaction(async (tx) => reconcileDictionaries(tx));
  await reconcileSettings(database.db);
  await reconcileCrmMetadata(database.db);
  await reconcileReportTemplates(database.db);
  await reconcileSalesDashboard(database.db);
  await reconcileModuleMenus(database.db);
}
