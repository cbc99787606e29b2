import { useSearchParams } from 'react-router';
import HierarchyTree from '../engine/detail/HierarchyTree';
import RecordDetail from '../engine/detail/RecordDetail';
import ContactOpportunities from './components/ContactOpportunities';

/** Contacts › detail (`/contact/contact-detail?flag=detail&id=`): the engine's detail page, with who reports to whom at the contact's account and the opportunities the contact plays a part in. */
export default function ContactDetailPage() {
  const [params] = useSearchParams();
  return (
    <RecordDetail
      module="contact"
      id={Number(params.get('id'))}
      related={(context) => (
        <>
          <HierarchyTree module="contact" id={context.record.id} />
          <ContactOpportunities contactId={context.record.id} />
        </>
      )}
    />
  );
}
