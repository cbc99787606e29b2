import RecordList from '../engine/list/RecordList';

/** Campaigns › list (`/campaign/campaign-index`): the engine's list of the campaign module. */
export default function CampaignIndexPage() {
  return <RecordList module="campaign" />;
}
