import type { CrmModuleDefinition } from '../engine/crmModules';
import { accountHooks } from './account.hooks';
import { accountSeed } from './account.seed';

export default { seed: accountSeed, hooks: accountHooks } satisfies CrmModuleDefinition;
