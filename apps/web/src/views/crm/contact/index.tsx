import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { lazyWhenOpen } from '../../../components/lazyWhenOpen';
import RecordList from '../engine/list/RecordList';

/** Loads when first opened, as the campaign dialog does. */
const SelectionMassEmail = lazyWhenOpen(() => import('../email/components/SelectionMassEmail'), (p) => p.open);

/** Loads when first opened, not with the list (as the leads' does). */
const AddToCampaignDialog = lazyWhenOpen(() => import('../campaign/components/AddToCampaignDialog'), (p) => p.open);

/** Contacts › list (`/contact/contact-index`): the engine's list of the contact module, with the mass actions "add to campaign" and "send e-mail". */
export default function ContactIndexPage() {
  const { t } = useTranslation();
  return (
    <RecordList
      module="contact"
      massActions={[
        { key: 'campaign', label: t('crm.campaign.addToCampaign'), permission: PERMISSIONS.contact.edit, Dialog: AddToCampaignDialog },
        { key: 'massEmail', label: t('email.mass.action'), permission: PERMISSIONS.massEmail.send, Dialog: SelectionMassEmail },
      ]}
    />
  );
}
