import { useState } from 'react';
import { useSearchParams } from 'react-router';
import RecordDetail from '../engine/detail/RecordDetail';
import CampaignHistory from '../campaign/components/CampaignHistory';
import type { Conversion } from './components/ConvertLeadDialog';
import ConvertedBanner from './components/ConvertedBanner';
import LeadActions from './components/LeadActions';

/** Leads › detail (`/Leads/leads-detail?flag=detail&id=`): the engine's detail page of a lead, with Convert, Print, the "Converted" banner and the campaign history. */
export default function LeadsDetailPage() {
  const [params] = useSearchParams();
  const [conversion, setConversion] = useState<Conversion | null>(null);
  return (
    <RecordDetail
      module="leads"
      id={Number(params.get('id'))}
      actions={(context) => <LeadActions context={context} onConverted={setConversion} />}
      banner={(context) => <ConvertedBanner context={context} conversion={conversion} />}
      related={(context) => <CampaignHistory module="leads" recordId={context.record.id} />}
    />
  );
}
