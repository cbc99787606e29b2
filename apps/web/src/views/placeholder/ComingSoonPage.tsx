import { ToolOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentPage } from '../../layout/PageContext';
import { menuTitle } from '../../layout/routes/menuTitle';

/** Shown for a menu entry whose view does not exist yet: the menu works before its module does. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = useCurrentPage();
  const title = page ? menuTitle(page) : '';
  return (
    <Card variant="borderless">
      <Result
        icon={<ToolOutlined style={{ color: "var(--orbit-primary)" }} />}
        title={t('common.comingSoon')}
        subTitle={t('common.comingSoonText', { title })}
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('error.backHome')}
          </Button>
        }
      />
    </Card>
  );
}
