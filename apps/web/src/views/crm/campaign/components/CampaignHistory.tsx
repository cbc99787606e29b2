import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CampaignMemberModule } from '@orbit/shared/contract/campaign';
import type { CampaignMembership } from '@orbit/shared/contract/crm';
import { getRecordCampaigns } from '../../../../api/crmCampaign';
import DetailTableCard from '../../engine/detail/DetailTableCard';
import { useMembershipColumns } from './membershipColumns';

/** Query keys of every record's campaign history start with this (fetched again when members change). */
export const CAMPAIGN_HISTORY_KEY = 'crm-record-campaigns';

/** A lead's or contact's campaign history: the campaigns it is a member of, with its member status and since when. */
export default function CampaignHistory({ module, recordId }: { module: CampaignMemberModule; recordId: number }) {
  const { t } = useTranslation();
  const columns = useMembershipColumns<CampaignMembership>();
  const memberships = useQuery({
    queryKey: [CAMPAIGN_HISTORY_KEY, module, recordId],
    queryFn: async () => (await getRecordCampaigns(module, recordId)).data,
    staleTime: 0,
  });
  const rows = memberships.data ?? [];
  return (
    <DetailTableCard<CampaignMembership>
      title={t('crm.leads.campaignHistory')}
      count={rows.length}
      query={memberships}
      rowKey="id"
      columns={columns}
      data-testid="campaign-history"
    />
  );
}
