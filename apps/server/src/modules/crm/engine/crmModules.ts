import { CRM_MODULE_ID, type CrmModule } from '@orbit/shared/crm/modules';
import { loadModuleFiles } from '../../moduleFiles';
import type { ModuleHooks } from './moduleHooks';
import type { ModuleSeed } from './moduleSeed';

/**
 * What a business module gives the engine, in its `<module>.module.ts` (default export): its
 * standard definition as data, and the few behaviours only it has. The engine knows no module by
 * name; it reads them all from here.
 */
export type CrmModuleDefinition = {
  seed: ModuleSeed;
  hooks?: ModuleHooks;
  /**
   * On an install upgraded from before this module existed, a role is granted the module's
   * permissions as it holds this module's: `crm:<module>:X` where it holds `crm:<grantsLike>:X`
   * (db/seed/moduleMenus.ts, docs/decisions.md). Absent: only administrators see the new module until a role is given it.
   */
  grantsLike?: CrmModule;
};

const definitions = new Map<CrmModule, CrmModuleDefinition>();
let loading: Promise<void> | undefined;

/**
 * Finds every business module's definition file, once per process. Every way in awaits it before
 * the engine runs: `prepareDatabase` (start-up, tests' and benchmarks' databases) and `buildApp`.
 */
export function loadCrmModules(): Promise<void> {
  loading ??= (async () => {
    const found = await loadModuleFiles<CrmModuleDefinition>('module');
    // In SPEC §4's order (leads first), whatever order the folders sort in.
    for (const { exported } of [...found].sort((a, b) => CRM_MODULE_ID[a.exported.seed.module] - CRM_MODULE_ID[b.exported.seed.module])) {
      definitions.set(exported.seed.module, exported);
    }
  })();
  return loading;
}

function definitionOf(module: CrmModule): CrmModuleDefinition {
  const definition = definitions.get(module);
  if (!definition) throw new Error(`The business module "${module}" is not loaded: await loadCrmModules() before the records engine runs`);
  return definition;
}

/** Every business module's standard definition. */
export function moduleSeeds(): ModuleSeed[] {
  if (!definitions.size) throw new Error('No business module is loaded: await loadCrmModules() before the records engine runs');
  return [...definitions.values()].map((d) => d.seed);
}

export const moduleSeedOf = (module: CrmModule): ModuleSeed => definitionOf(module).seed;

/** What the module adds to the engine's writes (none: the engine's rules alone). */
export const moduleHooksOf = (module: CrmModule): ModuleHooks => definitionOf(module).hooks ?? {};

/** Every loaded module's hooks (what one module does when another's records change: a merge's links). */
export const allModuleHooks = (): ModuleHooks[] => [...definitions.values()].map((d) => d.hooks ?? {});

/** The module whose permissions a role's grants of this one follow on an upgraded install (CrmModuleDefinition.grantsLike). */
export const moduleGrantsLikeOf = (module: CrmModule): CrmModule | undefined => definitionOf(module).grantsLike;
