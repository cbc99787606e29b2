import { useSearchParams } from 'react-router';
import RecordDetail from '../engine/detail/RecordDetail';
import CampaignFigures from './components/CampaignFigures';
import CampaignMembers from './components/CampaignMembers';

/** Campaigns › detail (`/campaign/campaign-detail?flag=detail&id=`): the engine's detail page of a campaign, with its figures and its members. */
export default function CampaignDetailPage() {
  const [params] = useSearchParams();
  return (
    <RecordDetail
      module="campaign"
      id={Number(params.get('id'))}
      banner={(context) => <CampaignFigures campaignId={context.record.id} />}
      related={(context) => <CampaignMembers campaignId={context.record.id} />}
    />
  );
}
