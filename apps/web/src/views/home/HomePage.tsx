import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import { Avatar, Button, Card, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { API_PREFIX } from '@orbit/shared/constants';
import { useSession } from '../../store/session';
import { avatarSrc } from '../../utils/avatarSrc';
import { logOut } from '../../utils/logOut';
import styles from './HomePage.module.css';
import { homeSections } from './homeSections';

/** Home: greets the signed-in user by name (with their introduction) and lists the areas of the menu they can open. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  const sections = useMemo(() => homeSections(session?.routers ?? []), [session?.routers]);
  if (!session) return null;

  // getInfo's top-level name and avatar (SPEC §7), as the profile page keeps them.
  const name = session.name || session.user.nickName || session.user.userName;
  const title = (section: { name: string; title: string }) => (i18n.exists(`menu.${section.name}`) ? t(`menu.${section.name}`) : section.title);

  const handleLogOut = async () => {
    setLeaving(true);
    await logOut();
    navigate('/login', { replace: true });
  };

  return (
    <div className={styles.page}>
      <Card className={styles.welcome}>
        <div className={styles.welcomeBody}>
          <Avatar size={56} src={avatarSrc(session.avatar, API_PREFIX)} className={styles.avatar}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div className={styles.welcomeText}>
            <h1 data-testid="greeting">{t('home.greeting', { name })}</h1>
            <p>
              {[session.user.dept?.deptName, session.user.userName].filter(Boolean).join(' · ')}
              {session.roles.map((role) => (
                <Tag key={role} className={styles.role}>
                  {role}
                </Tag>
              ))}
            </p>
            {session.introduction && (
              <p className={styles.introduction} data-testid="home-introduction">
                {session.introduction}
              </p>
            )}
          </div>
          <Button icon={<LogoutOutlined />} onClick={() => void handleLogOut()} loading={leaving} data-testid="logout">
            {t('common.logout')}
          </Button>
        </div>
      </Card>

      <h2 className={styles.heading}>{t('home.sectionsTitle')}</h2>
      <p className={styles.hint}>{sections.length ? t('home.sectionsHint', { count: sections.length }) : t('home.noSections')}</p>
      <div className={styles.sections} data-testid="home-sections">
        {sections.map((section) => (
          <Link key={section.path} to={section.path} className={styles.section}>
            <span className={styles.sectionBadge} aria-hidden>
              {title(section).slice(0, 1)}
            </span>
            <span className={styles.sectionText}>
              <strong>{title(section)}</strong>
              <span>{t('home.pageCount', { count: section.pages })}</span>
            </span>
            <RightOutlined className={styles.sectionArrow} />
          </Link>
        ))}
      </div>
    </div>
  );
}
