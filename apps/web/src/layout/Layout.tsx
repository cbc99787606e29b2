import { useEffect, useState, type CSSProperties } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_WIDTH_PX } from '@orbit/shared/constants';
import { appStore, closeSidebar, setDevice } from '../store/app';
import { getSession } from '../store/session';
import { settingsStore } from '../store/settings';
import { addAffixViews } from '../store/tagsView';
import { logOut } from '../utils/logOut';
import { lazyWhenOpen } from '../components/lazyWhenOpen';
import KeyboardShortcuts from './keys/KeyboardShortcuts';
import Navbar from './Navbar';
import PageHost from './PageHost';
import { constantPages } from './routes/constantPages';
import { useMenuModel } from './routes/useMenuModel';
import { progressBar } from './progressBar';
import Sidebar from './Sidebar';
import TagsView from './TagsView';
import './layout.css';

/** The settings drawer (its colour picker is ~30 KiB) loads when first opened. */
const SettingsDrawer = lazyWhenOpen(() => import('./SettingsDrawer'), (p) => p.open);


const isNarrow = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

/** Below 992px the layout is in mobile mode: sidebar closed, opening over the content. */
function useResponsiveDevice() {
  useEffect(() => {
    const update = () => {
      const device = isNarrow() ? 'mobile' : 'desktop';
      if (appStore.get().device !== device) setDevice(device);
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
}

/** The progress bar runs while a navigation loads its page. */
function useNavigationProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') progressBar.done();
    else progressBar.start();
  }, [state]);
}

/** The signed-in shell: sidebar, top bar, tags view and the pages. */
export default function Layout() {
  const { sidebar, device } = appStore.use();
  const settings = settingsStore.use();
  const model = useMenuModel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  useResponsiveDevice();
  useNavigationProgress();

  useEffect(() => {
    // After Log Out the session (and with it the menu) is gone: no tabs until the next sign-in.
    if (!getSession()) return;
    const affix = [...constantPages, ...model.pages].filter((p) => p.affix && !p.link);
    addAffixViews(affix.map((p) => ({ fullPath: p.fullPath, path: p.fullPath, name: p.name, title: p.title, affix: true, noCache: p.noCache })));
  }, [model]);

  // On a phone the menu closes once a page is picked.
  useEffect(() => {
    if (appStore.get().device === 'mobile' && appStore.get().sidebar.opened) closeSidebar(false);
  }, [pathname]);

  const handleLogOut = async () => {
    await logOut();
    navigate('/login', { replace: true });
  };

  const classes = ['app-wrapper', sidebar.opened ? 'open-sidebar' : 'hide-sidebar', device, sidebar.withoutAnimation ? 'without-animation' : ''];
  const style = { '--sidebar-width': `${SIDEBAR_WIDTH_PX}px` } as CSSProperties;
  return (
    <div className={classes.join(' ')} style={style} data-testid="app-layout">
      {device === 'mobile' && sidebar.opened && <div className="drawer-bg" onClick={() => closeSidebar(false)} data-testid="sidebar-mask" />}
      <Sidebar />
      <div className="main-container">
        <header className={`app-header${settings.fixedHeader ? ' fixed' : ''}`}>
          <Navbar onOpenSettings={() => setSettingsOpen(true)} onLogOut={() => void handleLogOut()} />
          {settings.tagsView && <TagsView />}
        </header>
        <main className="app-main">
          <PageHost />
        </main>
      </div>
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
      <KeyboardShortcuts />
    </div>
  );
}
