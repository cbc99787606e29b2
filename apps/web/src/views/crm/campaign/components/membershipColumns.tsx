import type { TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import type { CampaignMembership } from '@orbit/shared/contract/crm';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { parseTime } from '../../../../utils/formatTime';
import RecordNameLink from '../../engine/RecordNameLink';

/** What every row of a campaign history has: the campaign, the member status and since when. */
type Membership = Omit<CampaignMembership, 'id'>;

/**
 * The columns a record's campaign history (a lead's, a contact's) and an account's share: the
 * campaign (linked) first, the member status and the date it was added last; `between` goes between.
 */
export function useMembershipColumns<T extends Membership>(between: TableColumnType<T>[] = []): TableColumnType<T>[] {
  const { t } = useTranslation();
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  return [
    { key: 'campaign', title: t('crm.record.campaign'), render: (_, m) => <RecordNameLink module="campaign" id={m.campaignId} name={m.campaignName} /> },
    ...between,
    { key: 'status', title: t('crm.leads.memberStatus'), render: (_, m) => <DictTag options={dict[CAMPAIGN_MEMBER_STATUS_DICT]} value={m.status} /> },
    { key: 'time', title: t('crm.leads.memberSince'), render: (_, m) => parseTime(m.createTime) },
  ];
}
