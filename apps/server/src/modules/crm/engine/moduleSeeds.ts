import type { CrmModule } from '@orbit/shared/crm/modules';
import { accountSeed } from '../account/account.seed';
import { campaignSeed } from '../campaign/campaign.seed';
import { leadsSeed } from '../leads/leads.seed';
import { opportunitySeed } from '../opportunity/opportunity.seed';
import { taskSeed } from '../task/task.seed';
import type { ModuleSeed } from './moduleSeed';

/** The standard definition of every business module, by module name. */
export const MODULE_SEEDS: Record<CrmModule, ModuleSeed> = {
  leads: leadsSeed,
  opportunity: opportunitySeed,
  account: accountSeed,
  task: taskSeed,
  campaign: campaignSeed,
};
