import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookDelivery } from '@orbit/shared/contract/automation';
import { listDeliveries, resendDelivery } from '../../../api/automation';
import LoadError from '../../../components/admin/LoadError';
import { parseTime } from '../../../utils/formatTime';

const COLOUR: Record<string, string> = { done: 'success', failed: 'error', queued: 'processing', running: 'processing' };

/** A webhook's deliveries, newest first: event, status, attempts, last HTTP status, error; resend. */
export default function DeliveriesDrawer({ hook, canResend, onClose }: { hook: Webhook | null; canResend: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const key = ['system', 'webhookDeliveries', hook?.id];
  const deliveries = useQuery({ queryKey: [...key, page, i18n.language], queryFn: () => listDeliveries(hook!.id, page), enabled: !!hook });
  const resend = async (d: WebhookDelivery) => {
    await resendDelivery(hook!.id, d.id);
    void message.success(t('webhook.resent'));
    await queryClient.invalidateQueries({ queryKey: key });
  };
  return (
    <Drawer open={!!hook} onClose={onClose} width={860} title={hook ? t('webhook.deliveriesOf', { name: hook.name }) : ''} destroyOnHidden>
      {deliveries.isError ? (
        <LoadError onRetry={() => void deliveries.refetch()} />
      ) : (
        <Table<WebhookDelivery>
          size="small"
          rowKey="id"
          loading={deliveries.isLoading}
          dataSource={deliveries.data?.rows ?? []}
          locale={{ emptyText: t('webhook.noDeliveries') }}
          pagination={{ current: page.pageNum, pageSize: page.pageSize, total: deliveries.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
          data-testid="delivery-table"
          columns={[
            { title: t('automation.time'), dataIndex: 'time', render: (time: string) => parseTime(time) },
            { title: t('webhook.events'), dataIndex: 'event' },
            { title: t('automation.status'), dataIndex: 'status', render: (s: string) => <Tag color={COLOUR[s]}>{t(`webhook.status.${s}`)}</Tag> },
            { title: t('automation.attempts'), dataIndex: 'attempts' },
            { title: t('webhook.statusCode'), dataIndex: 'statusCode', render: (code: number | null) => code ?? '—' },
            { title: t('webhook.error'), dataIndex: 'error', render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : '—') },
            {
              title: '',
              key: 'ops',
              render: (_, d) => canResend && (d.status === 'done' || d.status === 'failed') && (
                <Button size="small" onClick={() => void resend(d)} data-testid={`resend-${d.id}`}>{t('webhook.resend')}</Button>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
