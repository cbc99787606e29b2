import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountCampaign } from '@orbit/shared/contract/crm';
import { getAccountCampaigns } from '../../../api/crm';
import DetailTableCard from '../engine/detail/DetailTableCard';
import { relatedListsKey } from '../engine/detail/RelatedList';
import RecordNameLink from '../engine/RecordNameLink';
import { useMembershipColumns } from '../campaign/components/membershipColumns';

/** An account's campaign history: the campaigns its contacts and converted leads are members of, with the person and its member status. */
export default function AccountCampaigns({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const columns = useMembershipColumns<AccountCampaign>([
    { key: 'person', title: t('crm.campaign.person'), render: (_, m) => <RecordNameLink module={m.type} id={(m.leadId ?? m.contactId)!} name={m.name} /> },
    { key: 'type', title: t('crm.campaign.type'), render: (_, m) => t(`crm.campaign.type.${m.type}`) },
  ]);
  const memberships = useQuery({
    queryKey: [`${relatedListsKey('account', accountId)}campaigns`],
    queryFn: async () => (await getAccountCampaigns(accountId)).data,
    staleTime: 0,
  });
  const rows = memberships.data ?? [];
  return (
    <DetailTableCard<AccountCampaign>
      title={t('crm.account.campaignHistory')}
      count={rows.length}
      query={memberships}
      rowKey="id"
      columns={columns}
      data-testid="account-campaign-history"
    />
  );
}
