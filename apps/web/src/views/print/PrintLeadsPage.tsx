import { PrinterOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { setPageTitle } from '../../utils/pageTitle';

/** Print views of leads (list and detail), without the layout. Their content comes with the leads module. */
export default function PrintLeadsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const name = pathname.endsWith('detail') ? 'PrintLeadsDetail' : 'PrintLeadsIndex';
  useEffect(() => {
    setPageTitle(t(`menu.${name}`));
  }, [name, t]);
  return (
    <Result
      icon={<PrinterOutlined />}
      title={t(`menu.${name}`)}
      subTitle={t('common.comingSoonText', { title: t(`menu.${name}`) })}
      extra={<Button onClick={() => navigate(-1)}>{t('error.goBack')}</Button>}
    />
  );
}
