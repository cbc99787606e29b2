import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import type { CampaignMemberModule } from '@orbit/shared/contract/campaign';
import type { CampaignMembership } from '@orbit/shared/contract/crm';
import { getRecordCampaigns } from '../../../../api/crmCampaign';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { parseTime } from '../../../../utils/formatTime';
import DetailTableCard from '../../engine/detail/DetailTableCard';
import { useRecordLink } from '../../engine/useRecordLink';

/** Query keys of every record's campaign history start with this (fetched again when members change). */
export const CAMPAIGN_HISTORY_KEY = 'crm-record-campaigns';

/** A lead's or contact's campaign history: the campaigns it is a member of, with its member status and since when. */
export default function CampaignHistory({ module, recordId }: { module: CampaignMemberModule; recordId: number }) {
  const { t } = useTranslation();
  const recordLink = useRecordLink();
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  const memberships = useQuery({
    queryKey: [CAMPAIGN_HISTORY_KEY, module, recordId],
    queryFn: async () => (await getRecordCampaigns(module, recordId)).data,
    staleTime: 0,
  });
  const rows = memberships.data ?? [];
  const campaign = (m: CampaignMembership) => {
    const href = recordLink('campaign', m.campaignId);
    return href ? <Link to={href}>{m.campaignName}</Link> : m.campaignName;
  };

  return (
    <DetailTableCard<CampaignMembership>
      title={t('crm.leads.campaignHistory')}
      count={rows.length}
      query={memberships}
      rowKey="id"
      columns={[
        { key: 'campaign', title: t('crm.record.campaign'), render: (_, m) => campaign(m) },
        { key: 'status', title: t('crm.leads.memberStatus'), render: (_, m) => <DictTag options={dict[CAMPAIGN_MEMBER_STATUS_DICT]} value={m.status} /> },
        { key: 'time', title: t('crm.leads.memberSince'), render: (_, m) => parseTime(m.createTime) },
      ]}
      data-testid="campaign-history"
    />
  );
}
