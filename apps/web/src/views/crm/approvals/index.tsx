import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApprovalBox, ApprovalRequest, ApprovalStatus, RecordApproval } from '@orbit/shared/crm/approvals';
import { listMyApprovals } from '../../../api/approvals';
import LoadError from '../../../components/admin/LoadError';
import { parseTime } from '../../../utils/formatTime';
import { ApprovalDialog } from '../engine/detail/ApprovalActions';
import { useRecordLink } from '../engine/useRecordLink';

const STATUS_COLOUR: Record<ApprovalStatus, string> = { pending: 'gold', approved: 'success', rejected: 'error', recalled: 'default' };

/**
 * My approvals (docs/records-engine.md, "Approval processes"): the requests awaiting the user's
 * decision — approved or rejected here with a comment — and those the user submitted, with their
 * outcome; each opens its record. The bell tells of new ones.
 */
export default function MyApprovalsPage() {
  const { t } = useTranslation();
  const [box, setBox] = useState<ApprovalBox>('mine');
  return (
    <Card size="small" data-testid="my-approvals">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('approval.box.title')}
      </Typography.Title>
      <Tabs
        activeKey={box}
        onChange={(key) => setBox(key as ApprovalBox)}
        items={[
          { key: 'mine', label: t('approval.box.mine') },
          { key: 'submitted', label: t('approval.box.submitted') },
        ]}
      />
      <ApprovalTable key={box} box={box} />
    </Card>
  );
}

type Deciding = { request: ApprovalRequest; mode: 'approve' | 'reject' | 'recall' };

function ApprovalTable({ box }: { box: ApprovalBox }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const linkOf = useRecordLink();
  const rows = useQuery({ queryKey: ['crm-approval', 'box', box], queryFn: async () => (await listMyApprovals(box)).data });
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  if (rows.isError) return <LoadError onRetry={() => void rows.refetch()} />;
  // What the dialog needs of the record's approval: the request and the caller's part in it.
  const approvalOf = (request: ApprovalRequest): RecordApproval => ({ pending: request, canDecide: box === 'mine', canRecall: box === 'submitted', processes: [] });
  return (
    <>
      <Table<ApprovalRequest>
        size="small"
        rowKey="id"
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: box === 'mine' ? t('approval.box.empty') : t('approval.box.emptySubmitted') }}
        data-testid={`approvals-${box}`}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: t('approval.col.record'),
            dataIndex: 'recordName',
            render: (name: string, r) => {
              const link = linkOf(r.module, r.recordId);
              return link ? <Link to={link}>{name || '—'}</Link> : name;
            },
          },
          { title: t('approval.col.module'), dataIndex: 'module', render: (module: string) => t(`crm.module.${module}`) },
          { title: t('approval.col.process'), dataIndex: 'processName' },
          { title: t('approval.col.step'), key: 'step', render: (_, r) => `${r.step + 1} / ${r.stepCount}` },
          { title: t('approval.col.submittedBy'), dataIndex: 'submittedByName' },
          { title: t('approval.col.submittedAt'), dataIndex: 'submittedAt', render: (time: string) => parseTime(time) },
          { title: t('approval.col.status'), dataIndex: 'status', render: (status: ApprovalStatus) => <Tag color={STATUS_COLOUR[status]}>{t(`approval.status.${status}`)}</Tag> },
          { title: t('approval.col.comment'), dataIndex: 'comment', render: (comment: string | null) => comment ?? '' },
          {
            title: t('approval.col.actions'),
            key: 'actions',
            render: (_, r) =>
              r.status !== 'pending' ? null : box === 'mine' ? (
                <Space size={4}>
                  <Button size="small" type="primary" onClick={() => setDeciding({ request: r, mode: 'approve' })} data-testid={`approve-${r.id}`}>
                    {t('approval.action.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => setDeciding({ request: r, mode: 'reject' })} data-testid={`reject-${r.id}`}>
                    {t('approval.action.reject')}
                  </Button>
                </Space>
              ) : (
                <Button size="small" onClick={() => setDeciding({ request: r, mode: 'recall' })} data-testid={`recall-${r.id}`}>
                  {t('approval.action.recall')}
                </Button>
              ),
          },
        ]}
      />
      {deciding && (
        <ApprovalDialog
          module={deciding.request.module}
          id={deciding.request.recordId}
          mode={deciding.mode}
          approval={approvalOf(deciding.request)}
          onClose={() => setDeciding(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: ['crm-approval'] })}
        />
      )}
    </>
  );
}
