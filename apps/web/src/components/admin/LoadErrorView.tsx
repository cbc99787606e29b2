import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** LoadError's view: antd's Result (and its illustrations), loaded only when a load has failed. */
export default function LoadErrorView({ onRetry }: { onRetry: () => void }) {
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
