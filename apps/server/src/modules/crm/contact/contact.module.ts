import type { CrmModuleDefinition } from '../engine/crmModules';
import { contactHooks } from './contact.hooks';
import { contactSeed } from './contact.seed';

export default { seed: contactSeed, hooks: contactHooks } satisfies CrmModuleDefinition;
