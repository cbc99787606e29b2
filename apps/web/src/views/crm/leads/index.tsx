import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import RecordList from '../engine/list/RecordList';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

/** Loads when first opened, not with the list (issue 15). */
const AddToCampaignDialog = lazyWhenOpen(() => import('../campaign/components/AddToCampaignDialog'), (p) => p.open);

/** Leads › list (`/Leads/leads-index`): the engine's list of the leads module, with its own mass action "add to campaign". */
export default function LeadsIndexPage() {
  const { t } = useTranslation();
  return <RecordList module="leads" massActions={[{ key: 'campaign', label: t('crm.campaign.addToCampaign'), permission: PERMISSIONS.leads.edit, Dialog: AddToCampaignDialog }]} />;
}
