import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '@orbit/shared/constants';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    document.title = `${PRODUCT_NAME} - ${t('menu.Page404')}`;
  }, [t]);
  return (
    <Result
      status="404"
      title="404"
      subTitle={
        <>
          <div>{t('error.notFound')}</div>
          <div>{t('error.notFoundHint')}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('error.backHome')}
        </Button>
      }
    />
  );
}
