import { Alert, Radio, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DemoRoute } from '@orbit/shared/contract/demo';
import { useDemoT } from '../../components/demoI18n';
import { mockApi } from '../../components/mockApi';
import { DEMO_ROLES, fullPath, routesFor, switchDemoRole, useDemoRole, type DemoRole } from './demoRole';

const pagePaths = (routes: DemoRoute[], base = ''): string[] =>
  routes.flatMap((r) => (r.children?.length ? pagePaths(r.children, fullPath(r, base)) : r.hidden ? [] : [fullPath(r, base)]));

/** The role switch: pick admin, editor or visitor and see which demo menus that role gets, here and in the sidebar. */
export default function SwitchRoles() {
  const { t } = useDemoT();
  const role = useDemoRole();
  const routes = useQuery({ queryKey: ['demo', 'mockRoutes'], queryFn: mockApi.routes });
  const visible = pagePaths(routesFor(routes.data ?? [], role));
  // A role remembered from before this page loaded (a reload) hides its entries once the route table is known.
  useEffect(() => {
    if (routes.data) switchDemoRole(role, routes.data);
  }, [routes.data, role]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('permission.viewOnly')} data-testid="demo-role-scope" />
      <Typography.Text>
        {t('permission.yourRoles')} <Tag color="purple" data-testid="demo-role">{role}</Tag>
      </Typography.Text>
      <Radio.Group value={role} onChange={(e) => switchDemoRole(e.target.value as DemoRole, routes.data ?? [])} optionType="button" buttonStyle="solid"
        options={DEMO_ROLES.map((r) => ({ value: r, label: r }))} />
      <Typography.Text type="secondary">{t('permission.menusOfRole', { count: visible.length })}</Typography.Text>
      <div data-testid="demo-role-menus">
        {visible.map((path) => (
          <Tag key={path}>{path}</Tag>
        ))}
      </div>
    </Space>
  );
}
