import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { ConfigProvider, Menu, theme, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '@orbit/shared/constants';
import { isWebAddress } from '@orbit/shared/patterns';
import { appStore, closeSidebar } from '../store/app';
import { menuViewStore } from '../store/menuView';
import { usePalette } from '../store/palette';
import { settingsStore } from '../store/settings';
import { menuIcon } from './menuIcons';
import { withoutEntries } from './routes/hideEntries';
import { activeEntry, foldersAbove, type MenuNode } from './routes/menuModel';
import { menuTitle } from './routes/menuTitle';
import { resolvePath } from './routes/resolvePath';
import { useMenuModel } from './routes/useMenuModel';

type Item = Required<MenuProps>['items'][number];

function toItems(nodes: MenuNode[]): Item[] {
  return nodes.map((node) => ({
    key: node.key,
    ...(node.link && { className: 'app-menu-item-external' }),
    icon: menuIcon(node.icon),
    label: (
      <span data-testid={`menu-${node.name}`}>
        {menuTitle(node)}
        {node.link && <ExternalMark link={node.link} />}
      </span>
    ),
    children: node.children ? toItems(node.children) : undefined,
  }));
}

/**
 * An entry leading out of the app says so, and where: an administrator's sidebar must not pass
 * off an outside page (a "Security Alert" somewhere else) as one of the app's own.
 */
function ExternalMark({ link }: { link: string }) {
  const { t } = useTranslation();
  // A web address (isWebAddress): its host is what follows the scheme, up to the path.
  const host = link.replace(/^https?:\/\//i, '').split(/[/?#]/)[0];
  const label = t('layout.externalLink', { host });
  return (
    <>
      <ExportOutlined className="app-menu-external" aria-label={label} title={label} />
      <span className="app-menu-external-host">{host}</span>
    </>
  );
}

/** The server's menu: 210px, collapsed to icons when closed; on a phone it slides over the page. */
export default function Sidebar() {
  const { sidebar, device } = appStore.use();
  const { sidebarLogo } = settingsStore.use();
  const { main } = usePalette();
  const model = useMenuModel();
  const { hidden } = menuViewStore.use();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const collapsed = !sidebar.opened && device === 'desktop';

  const resolution = resolvePath(pathname, model);
  const page = resolution.kind === 'page' ? resolution.page : null;
  const selected = page ? activeEntry(page, model) : '';
  const parentKeys = useMemo(() => (selected ? foldersAbove(model.tree, selected) : []), [model.tree, selected]);
  const [openKeys, setOpenKeys] = useState<string[]>(parentKeys);
  useEffect(() => {
    // Unchanged when the folders are open already (always on the first render): a new array would
    // draw the whole menu again.
    setOpenKeys((keys) => (parentKeys.every((key) => keys.includes(key)) ? keys : [...new Set([...keys, ...parentKeys])]));
  }, [parentKeys]);

  // The entries a played role would not see (the template demo's role switch) leave the menu only.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- labels depend on the language
  const items = useMemo(() => toItems(withoutEntries(model.tree, new Set(hidden))), [model, hidden, i18n.language]);

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    // Outside addresses open in a new tab that cannot reach back into the app, nor learn where it came from.
    if (isWebAddress(key)) window.open(key, '_blank', 'noopener,noreferrer');
    else navigate(key);
    if (device === 'mobile') closeSidebar(false);
  };

  return (
    <aside className="app-sidebar" data-testid="sidebar" data-opened={sidebar.opened ? 'true' : 'false'} data-device={device}>
      {sidebarLogo && (
        <Link to="/home" className="app-sidebar-logo" data-testid="sidebar-logo">
          <span className="app-sidebar-logo-mark">O</span>
          {!collapsed && <span>{PRODUCT_NAME}</span>}
        </Link>
      )}
      <ConfigProvider
        theme={{
          algorithm: theme.darkAlgorithm,
          components: { Menu: { darkItemBg: 'transparent', darkSubMenuItemBg: 'rgba(0,0,0,0.18)', darkItemSelectedBg: main, itemHeight: 46, subMenuItemBg: 'transparent' } },
        }}
      >
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={[selected]}
          {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
          onClick={handleClick}
        />
      </ConfigProvider>
    </aside>
  );
}
