import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { listDictTypeOptions } from '../../../api/system/dict';
import ListExportButton from '../../../components/admin/ListExportButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import AdminSearchForm, { type AdminFilter } from '../../../components/admin/AdminSearchForm';
import DictDataFormDialog from './components/DictDataFormDialog';
import DictDataTable from './components/DictDataTable';
import { useDictDataController } from './useDictDataController';

const filters: AdminFilter[] = [{ kind: 'text', name: 'dictLabel', label: 'dict.dictLabel', width: 170 }, { kind: 'status' }];

/** System › Dictionary Data: the values of one dictionary type (`?dictType=`). */
export default function DictDataPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const controller = useDictDataController();
  const { list, dictType } = controller;
  const types = useQuery({ queryKey: ['system-dict-type-options'], queryFn: async () => (await listDictTypeOptions()).data });

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
          <AdminSearchForm filters={filters} onSearch={list.search} onReset={list.reset} />
          <ListToolbar
            add={{ permission: PERMISSIONS.dict.add, onClick: () => controller.open({}) }}
            remove={{ permission: PERMISSIONS.dict.remove, selected: controller.selected, onClick: controller.remove }}
          >
            <ListExportButton url="/system/dict/data/export" permission={PERMISSIONS.dict.export} params={list.params} fileName="dictionary_data" />
          </ListToolbar>
          <DictDataTable controller={controller} />
        </>
      )}
      <DictDataFormDialog dialog={controller.dialog} dictType={dictType} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
