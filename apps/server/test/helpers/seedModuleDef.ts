import type { CrmModule } from '@orbit/shared/crm/modules';
import { moduleSeedOf } from '../../src/modules/crm/engine/crmModules';
import { fieldRow } from '../../src/modules/crm/engine/metadata/reconcileMetadata';
import { moduleDefOf, toFieldDef } from '../../src/modules/crm/engine/metadata/metadataStore';
import type { ModuleDef } from '../../src/modules/crm/engine/metadata/moduleDef';

/**
 * A module as the engine sees it, straight from its seed (no database): its seeded fields with ids
 * in seed order, no record types, layouts or field security. The modules must be loaded
 * (`loadCrmModules`) first.
 */
export function seedModuleDef(module: CrmModule): ModuleDef {
  const seed = moduleSeedOf(module);
  const fields = seed.fields.map((f, i) => toFieldDef({ ...fieldRow(module, f, i), id: i + 1, active: true, createTime: new Date(), updateTime: null } as never));
  return moduleDefOf(seed, fields);
}
