import type { TFunction } from 'i18next';
import type { RelatedTotals } from '../engine/detail/relatedTotals';

/** The opportunity stage that counts as won (dictionary crm_opportunity_stage). */
export const WON_STAGE = 'closed_won';

/** The sums beside an account's opportunities: their amount, and the amount of those won. */
export const accountRelatedTotals = (t: TFunction): RelatedTotals => ({
  'opportunity.accountId': [
    { key: 'amount', label: t('crm.account.opportunityAmount'), total: { field: 'amount' } },
    { key: 'won', label: t('crm.account.wonAmount'), total: { field: 'amount', filter: { field: 'stage', op: 'eq', value: WON_STAGE } } },
  ],
});
