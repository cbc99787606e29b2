import { describe, expect, it } from 'vitest';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { loadCrmModules, moduleHooksOf, moduleSeedOf, moduleSeeds } from '../../src/modules/crm/engine/crmModules';
import leadsModule from '../../src/modules/crm/leads/leads.module';
import campaignModule from '../../src/modules/crm/campaign/campaign.module';

/** The engine finds the business modules by their `<module>.module.ts` files; it names none itself. */
describe('business modules registered with the records engine', () => {
  it('finds every module’s definition file once, in SPEC §4’s order, with its seed and hooks', async () => {
    await Promise.all([loadCrmModules(), loadCrmModules()]);
    expect(moduleSeeds().map((s) => s.module)).toEqual([...CRM_MODULES]);
    expect(moduleSeedOf('leads')).toBe(leadsModule.seed);
    expect(moduleHooksOf('leads')).toBe(leadsModule.hooks);
    expect(moduleHooksOf('campaign').beforePurge).toBe(campaignModule.hooks.beforePurge);
  });
});
