import type { CrmModuleDefinition } from '../engine/crmModules';
import { purgeCampaignMemberships } from '../campaign/campaignMemberships';
import { contactHooks } from './contact.hooks';
import { contactSeed } from './contact.seed';

// A contact purged from the recycle bin leaves the campaigns it was a member of (as a lead does).
export default { seed: contactSeed, hooks: { ...contactHooks, beforePurge: purgeCampaignMemberships('contact') } } satisfies CrmModuleDefinition;
