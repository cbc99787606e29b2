import type { CrmModuleDefinition } from '../engine/crmModules';
import { leadsHooks } from './leads.hooks';
import { leadsSeed } from './leads.seed';

export default { seed: leadsSeed, hooks: leadsHooks } satisfies CrmModuleDefinition;
