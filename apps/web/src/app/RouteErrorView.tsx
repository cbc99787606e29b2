import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import AntdConfig from './AntdConfig';

/** What a failed route shows: antd's error result with a reload button (loaded only when needed). */
export default function RouteErrorView({ detail }: { detail?: string }) {
  const { t } = useTranslation();
  // Also under the sign-in page, which is not inside AntdConfig.
  return (
    <AntdConfig>
      <Result
        status="error"
        title={t('common.loadFailed')}
        subTitle={detail}
        extra={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
      />
    </AntdConfig>
  );
}
