import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** 401: the signed-in user has no menu entry for this address (SPEC §6 message). */
export default function NoPermissionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={t('error.noPermissionTitle')}
      subTitle={<span data-testid="no-permission">{t('request.noPermission')}</span>}
      extra={
        <Space>
          <Button onClick={() => navigate(-1)}>{t('error.goBack')}</Button>
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('error.backHome')}
          </Button>
        </Space>
      }
    />
  );
}
