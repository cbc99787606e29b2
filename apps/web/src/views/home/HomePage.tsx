import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../store/session';
import { logOut } from '../../utils/logOut';

/** Home: greets the signed-in user by name. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const name = session?.user.nickName || session?.user.userName || '';

  const handleLogOut = async () => {
    await logOut();
    navigate('/login', { replace: true });
  };

  return (
    <Card style={{ margin: 24 }}>
      <Result
        status="success"
        title={<span data-testid="greeting">{t('home.greeting', { name })}</span>}
        subTitle={t('home.subtitle')}
        extra={
          <Button onClick={() => void handleLogOut()} data-testid="logout">
            {t('common.logout')}
          </Button>
        }
      />
    </Card>
  );
}
