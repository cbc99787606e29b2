import { Alert, Divider, Space, Tag } from 'antd';
import DemoPage from '../components/DemoPage';
import { useDemoT } from '../components/demoI18n';
import Permission from './components/Permission';
import SwitchRoles from './components/SwitchRoles';

/** The permission directive: elements shown or hidden by the demo role. */
export default function DirectivePermission() {
  const { t } = useDemoT();
  return (
    <DemoPage id="permission.directive">
      <SwitchRoles />
      <Divider />
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="directive-blocks">
        <Permission roles={['admin']}>
          <Alert type="info" showIcon title={<>{t('permission.onlyFor')} <Tag>admin</Tag></>} />
        </Permission>
        <Permission roles={['editor']}>
          <Alert type="info" showIcon title={<>{t('permission.onlyFor')} <Tag>editor</Tag></>} />
        </Permission>
        <Permission roles={['admin', 'editor']}>
          <Alert type="success" showIcon title={<>{t('permission.onlyFor')} <Tag>admin</Tag><Tag>editor</Tag></>} />
        </Permission>
      </Space>
    </DemoPage>
  );
}
