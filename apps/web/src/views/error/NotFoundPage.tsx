import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setPageTitle } from '../../utils/pageTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    setPageTitle(t('menu.Page404'));
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
