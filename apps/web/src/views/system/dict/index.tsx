import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { withDateRange, type DateRange } from '../../../components/admin/dateRange';
import DateRangeFilterItem from '../../../components/admin/DateRangeFilterItem';
import ListExportButton from '../../../components/admin/ListExportButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import SearchForm from '../../../components/admin/SearchForm';
import { StatusFilterItem } from '../../../components/dict/StatusItems';
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

  return (
    <Card size="small" data-testid="dict-page">
      <SearchForm form={form} onSearch={withDateRange<SearchValues>(list.search)} onReset={list.reset}>
        <Form.Item name="dictName" label={t('dict.dictName')}>
          <Input allowClear placeholder={t('dict.dictName')} style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="dictType" label={t('dict.dictType')}>
          <Input allowClear placeholder={t('dict.dictType')} style={{ width: 170 }} />
        </Form.Item>
        <StatusFilterItem />
        <DateRangeFilterItem />
      </SearchForm>
      <ListToolbar
        add={{ permission: PERMISSIONS.dict.add, onClick: () => controller.open({}) }}
        remove={{ permission: PERMISSIONS.dict.remove, selected: controller.selected, onClick: controller.remove }}
      >
        <ListExportButton url="/system/dict/type/export" permission={PERMISSIONS.dict.export} params={list.params} fileName="dictionary_types" />
      </ListToolbar>
      <DictTypeTable controller={controller} />
      <DictTypeFormDialog dialog={controller.dialog} onClose={controller.close} onSaved={() => void controller.refresh()} />
    </Card>
  );
}
