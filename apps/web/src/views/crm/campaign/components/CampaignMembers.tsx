import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CAMPAIGN_MEMBER_STATUS_DICT } from '@orbit/shared/constants';
import { CAMPAIGN_MEMBER_MODULES, type CampaignMember, type CampaignMemberModule, type CampaignMemberPage } from '@orbit/shared/contract/campaign';
import { listCampaignMembers, removeCampaignMembers } from '../../../../api/crmCampaign';
import ListTable from '../../../../components/admin/ListTable';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useListController } from '../../../../components/admin/useListController';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { parseTime } from '../../../../utils/formatTime';
import { titleWithCount } from '../../engine/detail/cardTitle';
import RestrictedRecord from '../../engine/RestrictedRecord';
import { useModulePermissions } from '../../engine/useModulePermissions';
import { useRecordLink } from '../../engine/useRecordLink';
import AddMembersDialog from './AddMembersDialog';
import { CAMPAIGN_HISTORY_KEY } from './CampaignHistory';
import { figuresKey } from './CampaignFigures';
import MemberStatusSelect from './MemberStatusSelect';

/** Query keys of a campaign's member pages start with this. */
export const membersKey = (campaignId: number) => `crm-campaign-members-${campaignId}`;

type Filters = { q?: string; type?: CampaignMemberModule };

/**
 * The leads and contacts taking part in a campaign (those the user may see), one paged list,
 * searchable and filtered by type: the type, the name linked to the record, the lead's company or
 * the contact's account (linked; "Restricted record" when the user may not open it), the member
 * status (changed in place by users who may edit campaigns), added on; people are added with
 * pickers and members removed, one or several at once.
 */
export default function CampaignMembers({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const recordLink = useRecordLink();
  const confirm = useConfirm();
  const can = useModulePermissions('campaign');
  const dict = useDict(CAMPAIGN_MEMBER_STATUS_DICT);
  const [adding, setAdding] = useState(false);
  const list = useListController<Filters, CampaignMember, CampaignMemberPage>({
    queryKey: membersKey(campaignId),
    fetchPage: (params) => listCampaignMembers(campaignId, params),
    initialFilters: {},
  });

  /** Members changed: the list, the figures and the people's campaign history are fetched again. */
  const changed = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [membersKey(campaignId)] }),
      queryClient.invalidateQueries({ queryKey: figuresKey(campaignId) }),
      queryClient.invalidateQueries({ queryKey: [CAMPAIGN_HISTORY_KEY] }),
    ]);

  const remove = (members: CampaignMember[]) =>
    confirm(
      members.length === 1 ? t('crm.campaign.confirmRemove', { name: members[0]!.name }) : t('crm.campaign.confirmRemoveMany', { count: members.length }),
      async () => {
        await removeCampaignMembers(members.map((m) => m.id));
        list.setSelectedRowKeys([]);
        await changed();
      },
      t('crm.campaign.removed'),
    );

  const person = (m: CampaignMember) => {
    const href = recordLink(m.type, (m.leadId ?? m.contactId)!);
    return href ? <Link to={href}>{m.name}</Link> : m.name;
  };
  /** A lead's company is text; a contact's account is a record: linked, or restricted when the user may not open it. */
  const company = (m: CampaignMember) => {
    if (m.accountId === null) return m.company ?? '';
    if (m.company === null) return <RestrictedRecord />;
    const href = recordLink('account', m.accountId);
    return href ? <Link to={href}>{m.company}</Link> : m.company;
  };
  const selected = list.rows.filter((m) => list.selectedRowKeys.includes(m.id));
  const empty = list.total === 0 && !list.isLoading && !list.isError && !list.filters.q && !list.filters.type;

  return (
    <Card
      size="small"
      className="crm-detail-section"
      data-testid="campaign-members"
      title={titleWithCount(t('crm.campaign.members'), list.isFirstLoad ? undefined : list.total)}
      extra={
        <Space size="small" wrap>
          <Select<CampaignMemberModule | 'all'>
            size="small"
            value={list.filters.type ?? 'all'}
            onChange={(type) => list.search({ type: type === 'all' ? undefined : type })}
            options={[{ value: 'all', label: t('crm.campaign.allTypes') }, ...CAMPAIGN_MEMBER_MODULES.map((m) => ({ value: m, label: t(`crm.campaign.type.${m}`) }))]}
            aria-label={t('crm.campaign.type')}
            style={{ width: 160 }}
            data-testid="members-type"
          />
          <Input.Search
            size="small"
            allowClear
            placeholder={t('crm.campaign.searchMembers')}
            aria-label={t('crm.campaign.searchMembers')}
            onSearch={(q) => list.search({ q: q.trim() || undefined })}
            style={{ width: 220 }}
            data-testid="members-search"
          />
          {can.edit && selected.length > 0 && (
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(selected)} data-testid="members-remove-selected">
              {t('crm.campaign.removeSelected', { count: selected.length })}
            </Button>
          )}
          {can.edit && (
            <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="members-add">
              {t('crm.campaign.addMembers')}
            </Button>
          )}
        </Space>
      }
    >
      {empty ? (
        <Typography.Text type="secondary">{t('crm.campaign.noMembers')}</Typography.Text>
      ) : (
        <ListTable<Filters, CampaignMember>
          list={list}
          rowKey="id"
          size="small"
          selectable={can.edit}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'type',
              title: t('crm.campaign.type'),
              render: (_, m) => <Tag color={m.type === 'contact' ? 'purple' : 'blue'}>{t(`crm.campaign.type.${m.type}`)}</Tag>,
            },
            { key: 'name', title: t('crm.list.name'), render: (_, m) => person(m) },
            { key: 'company', title: t('crm.campaign.companyOrAccount'), render: (_, m) => company(m) },
            {
              key: 'status',
              title: t('crm.leads.memberStatus'),
              render: (_, m) =>
                can.edit ? (
                  <MemberStatusSelect key={`${m.id}-${m.status}`} member={m} onSaved={() => void changed()} />
                ) : (
                  <DictTag options={dict[CAMPAIGN_MEMBER_STATUS_DICT]} value={m.status} />
                ),
            },
            { key: 'added', title: t('crm.campaign.addedOn'), render: (_, m) => parseTime(m.createTime) },
            ...(can.edit
              ? [
                  {
                    key: 'actions',
                    title: '',
                    render: (_: unknown, m: CampaignMember) => (
                      <Button size="small" type="link" danger onClick={() => remove([m])} data-testid={`member-remove-${m.id}`}>
                        {t('crm.campaign.remove')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {adding && <AddMembersDialog campaignId={campaignId} open onClose={() => setAdding(false)} onDone={() => void changed()} />}
    </Card>
  );
}
