import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The error state of a list or detail: what failed, and a retry. */
export default function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('common.loadFailed')}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="retry">
          {t('common.retry')}
        </Button>
      }
    />
  );
}
