import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { dateRangeParams, type DateRange } from '../../../components/admin/dateRange';
import LoadError from '../../../components/admin/LoadError';
import SearchForm from '../../../components/admin/SearchForm';
import { useDict } from '../../../components/dict/useDict';
import { useHasPermission } from '../../../utils/permission';
import DictTypeFormDialog from './components/DictTypeFormDialog';
import DictTypeTable from './components/DictTypeTable';
import { useDictTypeController } from './useDictTypeController';

type SearchValues = { dictName?: string; dictType?: string; status?: string; createTime?: DateRange };

/** System › Dictionaries: the dictionary types; each type links to its values. */
export default function DictTypePage() {
  const { t } = useTranslation();
  const controller = useDictTypeController();
  const { list } = controller;
  const [form] = Form.useForm<SearchValues>();
  const dict = useDict('sys_normal_disable');
  const canAdd = useHasPermission(PERMISSIONS.dict.add);
  const canRemove = useHasPermission(PERMISSIONS.dict.remove);

  return (
    <Card size="small" data-testid="dict-page">
      <SearchForm form={form} onSearch={({ createTime, ...v }) => list.search({ ...v, ...dateRangeParams(createTime) })} onReset={list.reset}>
        <Form.Item name="dictName" label={t('dict.dictName')}>
          <Input allowClear placeholder={t('dict.dictName')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="dictType" label={t('dict.dictType')}>
          <Input allowClear placeholder={t('dict.dictType')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="status" label={t('admin.status')}>
          <Select allowClear placeholder={t('admin.statusPlaceholder')} style={{ width: 130 }} options={dict.sys_normal_disable?.map((d) => ({ value: d.dictValue, label: d.dictLabel }))} />
        </Form.Item>
        <Form.Item name="createTime" label={t('admin.createTime')}>
          <DatePicker.RangePicker />
        </Form.Item>
      </SearchForm>
      <Space style={{ marginBottom: 12 }}>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => controller.open({})}>
            {t('admin.add')}
          </Button>
        )}
        {canRemove && (
          <Button danger icon={<DeleteOutlined />} disabled={!controller.selected.length} onClick={() => controller.remove(controller.selected)}>
            {t('admin.delete')}
          </Button>
        )}
      </Space>
      {list.isError ? <LoadError onRetry={list.refetch} /> : <DictTypeTable controller={controller} />}
      <DictTypeFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
