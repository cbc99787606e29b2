import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import LanguageSwitch from '../components/LanguageSwitch';
import ReminderBell from '../views/crm/reminders/ReminderBell';
import { appStore, toggleSidebar } from '../store/app';
import Breadcrumbs from './Breadcrumbs';
import ErrorLog from './ErrorLog';
import FileDialog from './FileDialog';
import Fullscreen from './Fullscreen';
import MenuSearch from './MenuSearch';
import NoticeBell from './NoticeBell';
import SizeSelect from './SizeSelect';
import UserMenu from './UserMenu';

/** Top bar: menu toggle, breadcrumb; search, notices, task reminders, files, error log, fullscreen, size, language, user. */
export default function Navbar({ onOpenSettings, onLogOut }: { onOpenSettings: () => void; onLogOut: () => void }) {
  const { t } = useTranslation();
  const { sidebar } = appStore.use();
  return (
    <div className="app-navbar">
      <div className="app-navbar-left">
        <Button
          type="text"
          icon={sidebar.opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          aria-label={t('layout.toggleSidebar')}
          aria-expanded={sidebar.opened}
          onClick={toggleSidebar}
          data-testid="hamburger"
        />
        <Breadcrumbs />
      </div>
      <div className="app-navbar-right">
        <MenuSearch />
        {import.meta.env.PROD && <ErrorLog />}
        <NoticeBell />
        <ReminderBell />
        <FileDialog />
        <Fullscreen />
        <SizeSelect />
        <LanguageSwitch />
        <UserMenu onOpenSettings={onOpenSettings} onLogOut={onLogOut} />
      </div>
    </div>
  );
}
