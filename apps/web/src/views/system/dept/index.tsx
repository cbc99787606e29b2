import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import ExpandAllButton from '../../../components/admin/ExpandAllButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import LoadError from '../../../components/admin/LoadError';
import SearchForm from '../../../components/admin/SearchForm';
import { StatusFilterItem } from '../../../components/dict/StatusItems';
import DeptFormDialog from './components/DeptFormDialog';
import DeptTable from './components/DeptTable';
import { useDeptController, type DeptFilters } from './useDeptController';

/** System › Departments: the organisation as a tree table. */
export default function DeptPage() {
  const { t } = useTranslation();
  const controller = useDeptController();
  const [form] = Form.useForm<DeptFilters>();

  return (
    <Card size="small" data-testid="dept-page">
      <SearchForm form={form} onSearch={controller.search} onReset={controller.reset}>
        <Form.Item name="deptName" label={t('dept.deptName')}>
          <Input allowClear placeholder={t('dept.deptName')} style={{ width: 180 }} />
        </Form.Item>
        <StatusFilterItem />
      </SearchForm>
      <ListToolbar add={{ permission: PERMISSIONS.dept.add, onClick: () => controller.openCreate() }}>
        <ExpandAllButton anyExpanded={controller.expandedKeys.length > 0} onClick={controller.toggleAll} />
      </ListToolbar>
      {controller.isError ? <LoadError onRetry={controller.refetch} /> : <DeptTable controller={controller} />}
      <DeptFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
