import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Progress, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SharingRule } from '@orbit/shared/contract/sharing';
import { deleteSharingRule, listSharingRules } from '../../../../api/sharing';
import LoadError from '../../../../components/admin/LoadError';
import { useConfirm } from '../../../../components/admin/useConfirm';
import SharingRuleDialog from './SharingRuleDialog';

export const sharingRulesKey = ['setup', 'sharing', 'rules'];

/** How often the page asks for a recalculation's progress while one is queued or running. */
const PROGRESS_POLL_MS = 1000;

const inProgress = (rules: SharingRule[] | undefined) => (rules ?? []).some((r) => r.state === 'queued' || r.state === 'running');

/**
 * Set-up › Sharing › Sharing rules (docs/architecture.md, "Sharing rules"): each rule with who it
 * shares with, how many records it shares, and its recalculation's progress — polled while a
 * recalculation is queued or running. Changing needs the set-up edit permission.
 */
export default function SharingRules({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const rules = useQuery({
    queryKey: sharingRulesKey,
    queryFn: async () => (await listSharingRules()).data,
    refetchInterval: (query) => (inProgress(query.state.data) ? PROGRESS_POLL_MS : false),
  });
  const [target, setTarget] = useState<{ rule: SharingRule | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sharingRulesKey });

  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      data-testid="sharing-rules"
      title={t('sharing.rules.title')}
      extra={
        canEdit && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ rule: null })} data-testid="rule-add">
            {t('sharing.rules.add')}
          </Button>
        )
      }
    >
      <Alert type="info" showIcon title={t('sharing.rules.help')} style={{ marginBottom: 12 }} />
      {rules.isError ? (
        <LoadError onRetry={() => void rules.refetch()} />
      ) : !rules.data ? (
        <div data-testid="sharing-rules-loading"><Skeleton active /></div>
      ) : (
        <Table<SharingRule>
          size="small"
          rowKey="id"
          dataSource={rules.data}
          pagination={false}
          locale={{ emptyText: t('sharing.rules.empty') }}
          data-testid="sharing-rules-table"
          columns={[
            { title: t('sharing.rules.name'), dataIndex: 'name' },
            { title: t('sharing.rules.module'), dataIndex: 'module', render: (module: SharingRule['module']) => t(`crm.module.${module}`) },
            {
              title: t('sharing.rules.recipient'),
              key: 'recipient',
              render: (_, rule) => (
                <Space size={4} wrap>
                  {rule.recipientName}
                  <Tag>{t(`sharing.recipient.${rule.recipientKind}`)}</Tag>
                </Space>
              ),
            },
            {
              title: t('sharing.rules.access'),
              dataIndex: 'canWrite',
              render: (canWrite: boolean) => <Tag color={canWrite ? 'success' : 'blue'}>{t(canWrite ? 'sharing.panel.level.readwrite' : 'sharing.panel.level.read')}</Tag>,
            },
            { title: t('sharing.rules.matched'), dataIndex: 'matched', align: 'right' },
            {
              title: t('sharing.rules.progress'),
              key: 'progress',
              width: 220,
              render: (_, rule) => (
                <div data-testid={`rule-progress-${rule.id}`}>
                  <Typography.Text type={rule.state === 'failed' ? 'danger' : undefined}>{t(`sharing.rules.state.${rule.state}`)}</Typography.Text>
                  {rule.state !== 'failed' && (
                    <Progress size="small" percent={rule.state === 'done' ? 100 : rule.total ? Math.floor((rule.done / rule.total) * 100) : 0} />
                  )}
                </div>
              ),
            },
            ...(canEdit
              ? [
                  {
                    title: '',
                    key: 'actions',
                    render: (_: unknown, rule: SharingRule) => (
                      <Space size={0}>
                        <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('sharing.rules.edit')} data-testid={`rule-edit-${rule.id}`} onClick={() => setTarget({ rule })} />
                        <Button
                          type="link"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('sharing.rules.delete', { name: rule.name })}
                          data-testid={`rule-delete-${rule.id}`}
                          onClick={() =>
                            confirm(t('sharing.rules.confirmDelete', { name: rule.name }), async () => {
                              await deleteSharingRule(rule.id);
                              await refresh();
                            })
                          }
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <SharingRuleDialog
        target={target}
        onClose={() => setTarget(null)}
        onSaved={async () => {
          void message.success(t('sharing.rules.saved'));
          await refresh();
        }}
      />
    </Card>
  );
}
