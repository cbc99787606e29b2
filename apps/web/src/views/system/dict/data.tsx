import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { listDictTypeOptions } from '../../../api/system/dict';
import SearchForm from '../../../components/admin/SearchForm';
import { StatusFilterItem } from '../../../components/dict/StatusItems';
import { useHasPermission } from '../../../utils/permission';
import DictDataFormDialog from './components/DictDataFormDialog';
import DictDataTable from './components/DictDataTable';
import { useDictDataController, type DictDataFilters } from './useDictDataController';
import ListExportButton from '../../../components/admin/ListExportButton';

/** System › Dictionary Data: the values of one dictionary type (`?dictType=`). */
export default function DictDataPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const controller = useDictDataController();
  const { list, dictType } = controller;
  const [form] = Form.useForm<DictDataFilters>();
  const types = useQuery({ queryKey: ['system-dict-type-options'], queryFn: async () => (await listDictTypeOptions()).data });
  const canAdd = useHasPermission(PERMISSIONS.dict.add);
  const canRemove = useHasPermission(PERMISSIONS.dict.remove);

  return (
    <Card size="small" data-testid="dict-data-page">
      <Space style={{ marginBottom: 16 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('common.back')}
        </Button>
        <Select
          showSearch
          style={{ width: 320 }}
          placeholder={t('dict.chooseType')}
          value={dictType || undefined}
          loading={types.isLoading}
          optionFilterProp="label"
          options={types.data?.map((d) => ({ value: d.dictType, label: `${d.dictName} (${d.dictType})` }))}
          onChange={controller.chooseType}
          data-testid="dict-type-select"
        />
      </Space>
      {!dictType ? (
        <Empty description={t('dict.chooseType')} />
      ) : (
        <>
          <SearchForm form={form} onSearch={list.search} onReset={list.reset}>
            <Form.Item name="dictLabel" label={t('dict.dictLabel')}>
              <Input allowClear placeholder={t('dict.dictLabel')} style={{ width: 170 }} />
            </Form.Item>
            <StatusFilterItem />
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
            <ListExportButton url="/system/dict/data/export" permission={PERMISSIONS.dict.export} params={list.params} fileName="dictionary_data" />
          </Space>
          <DictDataTable controller={controller} />
        </>
      )}
      <DictDataFormDialog dialog={controller.dialog} dictType={dictType} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
