import {
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  ClusterOutlined,
  CompassOutlined,
  DashboardOutlined,
  DollarOutlined,
  FileTextOutlined,
  FormOutlined,
  LinkOutlined,
  LoginOutlined,
  MenuOutlined,
  OrderedListOutlined,
  ReadOutlined,
  SearchOutlined,
  SettingOutlined,
  TableOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The server's icon names (RuoYi's SVG set) drawn with antd icons; unknown names get a neutral one. */
const icons: Record<string, ReactNode> = {
  user: <UserOutlined />,
  money: <DollarOutlined />,
  peoples: <TeamOutlined />,
  list: <OrderedListOutlined />,
  guide: <CompassOutlined />,
  chart: <BarChartOutlined />,
  dashboard: <DashboardOutlined />,
  component: <AppstoreOutlined />,
  table: <TableOutlined />,
  logininfor: <LoginOutlined />,
  form: <FormOutlined />,
  system: <SettingOutlined />,
  tree: <ClusterOutlined />,
  'tree-table': <MenuOutlined />,
  dict: <ReadOutlined />,
  documentation: <BookOutlined />,
  search: <SearchOutlined />,
  link: <LinkOutlined />,
};

export function menuIcon(name: string): ReactNode {
  return icons[name] ?? <FileTextOutlined />;
}
