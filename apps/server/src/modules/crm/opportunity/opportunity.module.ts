import type { CrmModuleDefinition } from '../engine/crmModules';
import { opportunityHooks } from './opportunity.hooks';
import { opportunitySeed } from './opportunity.seed';

export default { seed: opportunitySeed, hooks: opportunityHooks } satisfies CrmModuleDefinition;
