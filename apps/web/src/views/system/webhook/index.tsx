import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook } from '@orbit/shared/contract/automation';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { deleteWebhook, listWebhooks } from '../../../api/automation';
import LoadError from '../../../components/admin/LoadError';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useHasPermission } from '../../../utils/permission';
import DeliveriesDrawer from './DeliveriesDrawer';
import WebhookDialog from './WebhookDialog';

const KEY = ['system', 'webhooks'];

/**
 * System › Webhooks (issue 34): URLs subscribed to a module's record events; the signing secret
 * shown once at creation; each webhook's deliveries with their status codes, and resend.
 */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const can = { add: useHasPermission(PERMISSIONS.webhook.add), edit: useHasPermission(PERMISSIONS.webhook.edit), remove: useHasPermission(PERMISSIONS.webhook.remove) };
  const hooks = useQuery({ queryKey: KEY, queryFn: async () => (await listWebhooks()).data });
  const [dialog, setDialog] = useState<{ hook: Webhook | null } | null>(null);
  const [deliveries, setDeliveries] = useState<Webhook | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const created = (secret: string) =>
    modal.info({
      title: t('webhook.secretTitle'),
      width: 560,
      content: (
        <>
          <Alert type="warning" showIcon title={t('webhook.secretOnce')} style={{ marginBottom: 12 }} />
          <Typography.Paragraph copyable code data-testid="webhook-secret">{secret}</Typography.Paragraph>
        </>
      ),
    });

  return (
    <Card size="small" title={t('webhook.title')} data-testid="webhook-page">
      <Alert type="info" showIcon title={t('webhook.help')} style={{ marginBottom: 12 }} />
      {can.add && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ hook: null })} style={{ marginBottom: 12 }} data-testid="new-webhook">
          {t('webhook.new')}
        </Button>
      )}
      {hooks.isError ? (
        <LoadError onRetry={() => void hooks.refetch()} />
      ) : (
        <Table<Webhook>
          size="small"
          rowKey="id"
          loading={hooks.isLoading}
          dataSource={hooks.data ?? []}
          pagination={false}
          locale={{ emptyText: t('webhook.empty') }}
          data-testid="webhook-table"
          columns={[
            { title: t('webhook.name'), dataIndex: 'name' },
            { title: t('webhook.url'), dataIndex: 'url', render: (url: string) => <Typography.Text code>{url}</Typography.Text> },
            { title: t('webhook.module'), dataIndex: 'module', render: (m: string) => t(`crm.module.${m}`) },
            { title: t('webhook.events'), dataIndex: 'events', render: (events: string[]) => events.map((e) => <Tag key={e}>{t(`webhook.event.${e}`)}</Tag>) },
            { title: t('webhook.active'), dataIndex: 'active', render: (active: boolean) => (active ? <Tag color="green">{t('webhook.active')}</Tag> : <Tag>—</Tag>) },
            {
              title: '',
              key: 'ops',
              width: 130,
              render: (_, hook) => (
                <Space size={0}>
                  <Button type="link" size="small" icon={<UnorderedListOutlined />} aria-label={t('webhook.deliveries')} onClick={() => setDeliveries(hook)} data-testid={`webhook-deliveries-${hook.id}`} />
                  {can.edit && <Button type="link" size="small" icon={<EditOutlined />} aria-label={`${t('webhook.editTitle', { name: hook.name })}`} onClick={() => setDialog({ hook })} />}
                  {can.remove && (
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('webhook.delete')}
                      onClick={() => confirm(t('webhook.confirmDelete', { name: hook.name }), async () => { await deleteWebhook(hook.id); await refresh(); })} />
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <WebhookDialog target={dialog} onClose={() => setDialog(null)} onSaved={refresh} onCreated={created} />
      <DeliveriesDrawer hook={deliveries} canResend={can.edit} onClose={() => setDeliveries(null)} />
    </Card>
  );
}
