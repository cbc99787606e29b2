import { useSearchParams } from 'react-router';
import RecordDetail from '../engine/detail/RecordDetail';
import CampaignFigures from './components/CampaignFigures';
import CampaignMembers from './components/CampaignMembers';
import CampaignMassEmail from '../email/components/CampaignMassEmail';

/** Campaigns › detail (`/campaign/campaign-detail?flag=detail&id=`): the engine's detail page of a campaign, with its figures, its members and the mass e-mail to them. */
export default function CampaignDetailPage() {
  const [params] = useSearchParams();
  return (
    <RecordDetail
      module="campaign"
      id={Number(params.get('id'))}
      actions={(context) => <CampaignMassEmail context={context} />}
      banner={(context) => <CampaignFigures campaignId={context.record.id} />}
      related={(context) => <CampaignMembers campaignId={context.record.id} />}
    />
  );
}
