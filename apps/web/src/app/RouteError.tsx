import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { addErrorLog } from '../store/errorLog';
import { useEffect } from 'react';

/** A route that failed to load (a missing chunk after an update, a loader error). */
export default function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    addErrorLog(error, 'route');
  }, [error]);
  return (
    <Result
      status="error"
      title={t('common.loadFailed')}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
    />
  );
}
