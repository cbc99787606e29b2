import type { CrmModuleDefinition } from '../engine/crmModules';
import { campaignHooks } from './campaign.hooks';
import { campaignSeed } from './campaign.seed';

export default { seed: campaignSeed, hooks: campaignHooks } satisfies CrmModuleDefinition;
