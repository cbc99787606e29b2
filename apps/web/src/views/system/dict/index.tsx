import { Card } from 'antd';
import { PERMISSIONS } from '@orbit/shared/permissions';
import AdminSearchForm, { type AdminFilter } from '../../../components/admin/AdminSearchForm';
import ListExportButton from '../../../components/admin/ListExportButton';
import ListToolbar from '../../../components/admin/ListToolbar';
import DictTypeFormDialog from './components/DictTypeFormDialog';
import DictTypeTable from './components/DictTypeTable';
import { useDictTypeController } from './useDictTypeController';

const filters: AdminFilter[] = [
  { kind: 'text', name: 'dictName', label: 'dict.dictName', width: 170 },
  { kind: 'text', name: 'dictType', label: 'dict.dictType', width: 170 },
  { kind: 'status' },
  { kind: 'dateRange' },
];

/** System › Dictionaries: the dictionary types; each type links to its values. */
export default function DictTypePage() {
  const controller = useDictTypeController();
  const { list } = controller;

  return (
    <Card size="small" data-testid="dict-page">
      <AdminSearchForm filters={filters} onSearch={list.search} onReset={list.reset} />
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
