import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import type { AccountCampaign } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { getAccountCampaigns } from '../../../api/crm';
import DictTag from '../../../components/dict/DictTag';
import { useDict } from '../../../components/dict/useDict';
import { parseTime } from '../../../utils/formatTime';
import DetailTableCard from '../engine/detail/DetailTableCard';
import { relatedListsKey } from '../engine/detail/RelatedList';
import { useRecordLink } from '../engine/useRecordLink';

/** An account's campaign history: the campaigns its contacts and converted leads are members of, with the person and its member status. */
export default function AccountCampaigns({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const recordLink = useRecordLink();
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  const memberships = useQuery({
    queryKey: [`${relatedListsKey('account', accountId)}campaigns`],
    queryFn: async () => (await getAccountCampaigns(accountId)).data,
    staleTime: 0,
  });
  const rows = memberships.data ?? [];
  const link = (module: CrmModule, id: number, name: string) => {
    const href = recordLink(module, id);
    return href ? <Link to={href}>{name}</Link> : name;
  };

  return (
    <DetailTableCard<AccountCampaign>
      title={t('crm.account.campaignHistory')}
      count={rows.length}
      query={memberships}
      rowKey="id"
      columns={[
        { key: 'campaign', title: t('crm.record.campaign'), render: (_, m) => link('campaign', m.campaignId, m.campaignName) },
        { key: 'person', title: t('crm.campaign.person'), render: (_, m) => link(m.type, (m.leadId ?? m.contactId)!, m.name) },
        { key: 'type', title: t('crm.campaign.type'), render: (_, m) => t(`crm.campaign.type.${m.type}`) },
        { key: 'status', title: t('crm.leads.memberStatus'), render: (_, m) => <DictTag options={dict[CAMPAIGN_MEMBER_STATUS_DICT]} value={m.status} /> },
        { key: 'time', title: t('crm.leads.memberSince'), render: (_, m) => parseTime(m.createTime) },
      ]}
      data-testid="account-campaign-history"
    />
  );
}
