import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Progress, Result, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { downloadFile } from '../../../../api/files';
import { getImport } from '../../../../api/recordImport';
import LoadError from '../../../../components/admin/LoadError';

/** How often the running import's state is read. */
const POLL_MS = 1500;

type Props = { module: CrmModule; fileId: number; onFinished: () => void };

/** The last step: the run's progress (the job's, read until it ends), then its counts and the error file. */
export default function RunStep({ module, fileId, onFinished }: Props) {
  const { t } = useTranslation();
  const state = useQuery({
    queryKey: ['import-state', module, fileId],
    queryFn: async () => (await getImport(module, fileId)).data,
    refetchInterval: (q) => (!q.state.data || q.state.data.phase === 'importing' ? POLL_MS : false),
  });
  const phase = state.data?.phase;
  useEffect(() => {
    if (phase === 'imported') onFinished();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it ends
  }, [phase]);

  if (state.isError) return <LoadError onRetry={() => void state.refetch()} />;
  const data = state.data;
  if (!data || data.phase === 'importing') {
    const total = data?.progressTotal ?? 0;
    const done = data?.progressDone ?? 0;
    return (
      <Space orientation="vertical" style={{ width: '100%', padding: '32px 0' }} data-testid="import-running">
        <Typography.Text>{t('crm.import.running', { done: done.toLocaleString(), total: total.toLocaleString() })}</Typography.Text>
        <Progress percent={total ? Math.floor((100 * done) / total) : 0} status="active" />
      </Space>
    );
  }
  if (data.phase === 'failed') return <Result status="error" title={t('crm.import.failed')} subTitle={data.errorMsg} data-testid="import-failed" />;
  const result = data.result ?? { created: 0, updated: 0, skipped: 0, failed: 0 };
  return (
    <Result
      status={result.failed ? 'warning' : 'success'}
      title={t('crm.import.done')}
      subTitle={t('crm.import.revertHint')}
      data-testid="import-done"
      extra={
        data.errorFileId !== null && (
          <Button icon={<DownloadOutlined />} onClick={() => void downloadFile(data.errorFileId!)} data-testid="import-error-file">
            {t('crm.import.errorFile')}
          </Button>
        )
      }
    >
      <Descriptions
        bordered
        size="small"
        column={4}
        items={[
          { key: 'created', label: t('crm.import.created'), children: result.created },
          { key: 'updated', label: t('crm.import.updated'), children: result.updated },
          { key: 'skipped', label: t('crm.import.skipped'), children: result.skipped },
          { key: 'failed', label: t('crm.import.failedRows'), children: result.failed },
        ]}
      />
    </Result>
  );
}
