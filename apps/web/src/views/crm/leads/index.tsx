import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import RecordList from '../engine/list/RecordList';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';

/** Loads when first opened, as the campaign dialog does. */
const SelectionMassEmail = lazyWhenOpen(() => import('../email/components/SelectionMassEmail'), (p) => p.open);

/** Loads when first opened, not with the list (issue 15). */
const AddToCampaignDialog = lazyWhenOpen(() => import('../campaign/components/AddToCampaignDialog'), (p) => p.open);

/** Leads › list (`/Leads/leads-index`): the engine's list of the leads module, with its own mass actions "add to campaign" and "send e-mail". */
export default function LeadsIndexPage() {
  const { t } = useTranslation();
  return (
    <RecordList
      module="leads"
      massActions={[
        { key: 'campaign', label: t('crm.campaign.addToCampaign'), permission: PERMISSIONS.leads.edit, Dialog: AddToCampaignDialog },
        { key: 'massEmail', label: t('email.mass.action'), permission: PERMISSIONS.massEmail.send, Dialog: SelectionMassEmail },
      ]}
    />
  );
}
