import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import RecordList from '../engine/list/RecordList';

/** Loads when first opened, not with the list (as the leads' does). */
const AddToCampaignDialog = lazyWhenOpen(() => import('../campaign/components/AddToCampaignDialog'), (p) => p.open);

/** Contacts › list (`/contact/contact-index`): the engine's list of the contact module, with the mass action "add to campaign". */
export default function ContactIndexPage() {
  const { t } = useTranslation();
  return <RecordList module="contact" massActions={[{ key: 'campaign', label: t('crm.campaign.addToCampaign'), permission: PERMISSIONS.contact.edit, Dialog: AddToCampaignDialog }]} />;
}
