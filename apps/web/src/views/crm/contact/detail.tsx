import { useSearchParams } from 'react-router';
import CampaignHistory from '../campaign/components/CampaignHistory';
import HierarchyTree from '../engine/detail/HierarchyTree';
import RecordDetail from '../engine/detail/RecordDetail';
import ContactOpportunities from './components/ContactOpportunities';

/**
 * Contacts › detail (`/contact/contact-detail?flag=detail&id=`): the engine's detail page, with the
 * opportunities the contact plays a part in, its campaign history and who reports to whom at the
 * contact's account.
 */
export default function ContactDetailPage() {
  const [params] = useSearchParams();
  return (
    <RecordDetail
      module="contact"
      id={Number(params.get('id'))}
      related={(context) => (
        <>
          <ContactOpportunities contactId={context.record.id} />
          <CampaignHistory module="contact" recordId={context.record.id} />
          <HierarchyTree module="contact" id={context.record.id} />
        </>
      )}
    />
  );
}
