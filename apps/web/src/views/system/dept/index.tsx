import { NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import LoadError from '../../../components/admin/LoadError';
import SearchForm from '../../../components/admin/SearchForm';
import { StatusFilterItem } from '../../../components/dict/StatusItems';
import { useHasPermission } from '../../../utils/permission';
import DeptFormDialog from './components/DeptFormDialog';
import DeptTable from './components/DeptTable';
import { useDeptController, type DeptFilters } from './useDeptController';

/** System › Departments: the organisation as a tree table. */
export default function DeptPage() {
  const { t } = useTranslation();
  const controller = useDeptController();
  const [form] = Form.useForm<DeptFilters>();
  const canAdd = useHasPermission(PERMISSIONS.dept.add);

  return (
    <Card size="small" data-testid="dept-page">
      <SearchForm form={form} onSearch={controller.search} onReset={controller.reset}>
        <Form.Item name="deptName" label={t('dept.deptName')}>
          <Input allowClear placeholder={t('dept.deptName')} style={{ width: 180 }} />
        </Form.Item>
        <StatusFilterItem />
      </SearchForm>
      <Space style={{ marginBottom: 12 }}>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => controller.openCreate()}>
            {t('admin.add')}
          </Button>
        )}
        <Button icon={<NodeExpandOutlined />} onClick={controller.toggleAll}>
          {controller.expandedKeys.length ? t('admin.collapseAll') : t('admin.expandAll')}
        </Button>
      </Space>
      {controller.isError ? <LoadError onRetry={controller.refetch} /> : <DeptTable controller={controller} />}
      <DeptFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
