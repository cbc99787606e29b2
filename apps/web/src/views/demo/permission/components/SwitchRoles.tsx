import { Radio, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { DemoRoute } from '@orbit/shared/contract/demo';
import { useDemoT } from '../../components/demoI18n';
import { mockApi } from '../../components/mockApi';
import { DEMO_ROLES, demoRoleStore, switchDemoRole, type DemoRole } from './demoRole';

/** The demo routes a role sees by SPEC §6's rule: no roles metadata, or the role is listed. */
export function routesFor(routes: DemoRoute[], role: DemoRole): DemoRoute[] {
  if (role === 'visitor') return [];
  return routes
    .filter((r) => !r.meta?.roles || r.meta.roles.includes(role))
    .map((r) => ({ ...r, children: r.children && routesFor(r.children, role) }));
}

const titles = (routes: DemoRoute[], base = ''): string[] =>
  routes.flatMap((r) => {
    const path = r.path.startsWith('/') || r.path.startsWith('http') ? r.path : `${base}/${r.path}`;
    return r.children?.length ? titles(r.children, path) : r.hidden ? [] : [path];
  });

/** The role switch: pick admin, editor or visitor and see which demo menus that role gets. */
export default function SwitchRoles() {
  const { t } = useDemoT();
  const role = demoRoleStore.use();
  const routes = useQuery({ queryKey: ['demo', 'mockRoutes'], queryFn: mockApi.routes });
  const visible = titles(routesFor(routes.data ?? [], role));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        {t('permission.yourRoles')} <Tag color="purple" data-testid="demo-role">{role}</Tag>
      </Typography.Text>
      <Radio.Group value={role} onChange={(e) => switchDemoRole(e.target.value as DemoRole)} optionType="button" buttonStyle="solid"
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
