import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a failed route shows: antd's error result with a reload button (loaded only when needed). */
export default function RouteErrorView({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('common.loadFailed')}
      subTitle={detail}
      extra={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
    />
  );
}
