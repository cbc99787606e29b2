import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { dateRangeParams, type DateRange } from '../../../components/admin/dateRange';
import DateRangeFilterItem from '../../../components/admin/DateRangeFilterItem';
import SearchForm from '../../../components/admin/SearchForm';
import { StatusFilterItem } from '../../../components/dict/StatusItems';
import { useHasPermission } from '../../../utils/permission';
import DictTypeFormDialog from './components/DictTypeFormDialog';
import DictTypeTable from './components/DictTypeTable';
import { useDictTypeController } from './useDictTypeController';
import ListExportButton from '../../../components/admin/ListExportButton';

type SearchValues = { dictName?: string; dictType?: string; status?: string; createTime?: DateRange };

/** System › Dictionaries: the dictionary types; each type links to its values. */
export default function DictTypePage() {
  const { t } = useTranslation();
  const controller = useDictTypeController();
  const { list } = controller;
  const [form] = Form.useForm<SearchValues>();
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
        <StatusFilterItem />
        <DateRangeFilterItem />
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
        <ListExportButton url="/system/dict/type/export" permission={PERMISSIONS.dict.export} params={list.params} fileName="dictionary_types" />
      </Space>
      <DictTypeTable controller={controller} />
      <DictTypeFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
