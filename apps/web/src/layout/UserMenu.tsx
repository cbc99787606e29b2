import { LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { API_PREFIX } from '@orbit/shared/constants';
import { headerPopupContainer } from '../components/headerPopupContainer';
import { useSession } from '../store/session';
import { avatarSrc } from '../utils/avatarSrc';

/** Greeting with the user's name; profile, layout settings and Log Out. */
export default function UserMenu({ onOpenSettings, onLogOut }: { onOpenSettings: () => void; onLogOut: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  // getInfo's top-level name and avatar (SPEC §7).
  const name = session?.name || session?.user.nickName || session?.user.userName || '';
  return (
    <Dropdown
      trigger={['click']}
      getPopupContainer={headerPopupContainer}
      menu={{
        items: [
          { key: 'profile', icon: <UserOutlined />, label: t('layout.profile') },
          { key: 'settings', icon: <SettingOutlined />, label: t('layout.settings') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="navbar-logout">{t('common.logout')}</span>, danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') navigate('/user/profile');
          else if (key === 'settings') onOpenSettings();
          else onLogOut();
        },
      }}
    >
      <div className="app-user" data-testid="user-menu" role="button" tabIndex={0}>
        <Avatar size={30} src={avatarSrc(session?.avatar ?? session?.user.avatar, API_PREFIX)} icon={<UserOutlined />} style={{ background: 'var(--orbit-primary)' }} />
        <span className="app-user-name" data-testid="navbar-greeting">
          {t('layout.greeting', { name })}
        </span>
      </div>
    </Dropdown>
  );
}
