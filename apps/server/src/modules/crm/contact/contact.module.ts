import type { CrmModuleDefinition } from '../engine/crmModules';
import { contactHooks } from './contact.hooks';
import { contactSeed } from './contact.seed';

/** Contacts are the accounts' people: on an upgraded install, whoever may work with accounts may work with their contacts. */
export default { seed: contactSeed, hooks: contactHooks, grantsLike: 'account' } satisfies CrmModuleDefinition;
