import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { breadcrumbTrail } from './routes/breadcrumbTrail';
import { HOME_PATH } from './routes/constantPages';
import { menuTitle } from './routes/menuTitle';
import { resolvePath } from './routes/resolvePath';
import { useMenuModel } from './routes/useMenuModel';

/** Home › directories › page (a folder named like its page once); every crumb but the current page navigates to its route. */
export default function Breadcrumbs() {
  const { pathname } = useLocation();
  const model = useMenuModel();
  const { t } = useTranslation();
  const resolution = resolvePath(pathname, model);
  const page = resolution.kind === 'page' ? resolution.page : null;
  const items: Array<{ key: string; title: React.ReactNode }> = [];
  const isHome = page?.fullPath === HOME_PATH;
  items.push({ key: 'home', title: isHome ? t('layout.breadcrumbHome') : <Link to={HOME_PATH}>{t('layout.breadcrumbHome')}</Link> });
  if (page && !isHome) {
    for (const crumb of breadcrumbTrail(page, menuTitle)) items.push({ key: crumb.key, title: crumb.to ? <Link to={crumb.to}>{crumb.title}</Link> : crumb.title });
  } else if (resolution.kind === 'noPermission') items.push({ key: '401', title: t('menu.Page401') });
  return <Breadcrumb items={items} data-testid="breadcrumb" />;
}
