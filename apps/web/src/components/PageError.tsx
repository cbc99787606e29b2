import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What ErrorBoundary shows for a broken page (loaded only then): the error and a retry. */
export default function PageError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('layout.pageError')}
      subTitle={`${t('layout.pageErrorHint')} ${error.message}`}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}
