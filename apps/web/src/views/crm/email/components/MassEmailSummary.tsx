import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MassEmailSummary as Summary } from '@orbit/shared/contract/email';
import { getMassEmail } from '../../../../api/crmEmail';

/** How often the progress of a mass send still going out is read again. */
const POLL_MS = 3000;

/** A mass send's summary — queued, skipped as opted out, skipped without address — and its mails' progress, read again until every mail ended. */
export default function MassEmailSummary({ initial }: { initial: Summary }) {
  const { t } = useTranslation();
  const progress = useQuery({
    queryKey: ['mass-email', initial.massEmailId],
    queryFn: async () => (await getMassEmail(initial.massEmailId)).data,
    initialData: initial,
    // The answer that queued it is fresh: the first read again is after one interval.
    staleTime: POLL_MS,
    refetchInterval: (query) => (query.state.data && query.state.data.sent + query.state.data.failed < query.state.data.queued ? POLL_MS : false),
  });
  const s = progress.data;
  const done = s.sent + s.failed;
  return (
    <div data-testid="mass-email-summary">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('email.mass.queued')}>{s.queued}</Descriptions.Item>
        <Descriptions.Item label={t('email.mass.skippedOptOut')}>{s.skippedOptOut}</Descriptions.Item>
        <Descriptions.Item label={t('email.mass.skippedNoAddress')}>{s.skippedNoAddress}</Descriptions.Item>
      </Descriptions>
      {s.queued > 0 && (
        <div style={{ marginTop: 16 }}>
          <Progress percent={Math.round((done / s.queued) * 100)} status={s.failed ? 'exception' : done === s.queued ? 'success' : 'active'} />
          <Typography.Text>{t('email.mass.progress', { done: s.sent, total: s.queued })}</Typography.Text>
          {s.failed > 0 && <Typography.Text type="danger"> · {t('email.mass.failed', { count: s.failed })}</Typography.Text>}
          <div>
            <Typography.Text type="secondary">{t('email.mass.pace', { perMinute: s.perMinute })}</Typography.Text>
          </div>
        </div>
      )}
      {progress.isError && <Alert style={{ marginTop: 12 }} type="warning" showIcon message={t('email.mass.progressFailed')} />}
    </div>
  );
}
