import { DeleteOutlined, FilterOutlined, PlusOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Input, Radio, Segmented, Skeleton, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { filterSize, type FilterNode } from '@orbit/shared/crm/filterTree';
import { OWNER_SCOPES, type OwnerScope } from '@orbit/shared/crm/ownerScopes';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { printPath } from '../../../../app/printRoutes';
import ListTable from '../../../../components/admin/ListTable';
import LoadError from '../../../../components/admin/LoadError';
import Surface from '../../../../components/Surface';
import ImportButton from '../import/ImportButton';
import type { RecordFormTarget } from '../form/RecordForm';
import { lazyWhenOpen } from '../../../../components/lazyWhenOpen';
import { ModuleMetaContext } from '../ModuleMetaContext';
import { useModuleMeta } from '../useModuleMeta';
import { useModulePermissions } from '../useModulePermissions';
import { useRecordLink } from '../useRecordLink';
import ColumnChooser from './ColumnChooser';
import ExportButton from './ExportButton';
import { listAddressQuery, type ListSettings } from './listAddress';
import MassActionBar from './MassActionBar';
import type { MassAction } from './massAction';
import type { RemoveDialog } from './removeDialog';
import { recordColumns } from './recordColumns';
import { useRowParts } from './rowParts';
import { useRecordListController } from './useRecordListController';
import { useStartFilter } from './useStartFilter';
import ViewSwitcher from './ViewSwitcher';
import '../crm.css';

// What the list opens on demand loads then, not with the list's first visit (its form, date
// picker, drawer and their antd components; issue 15, bench/wireSize.ts).
const FilterBuilder = lazyWhenOpen(() => import('../filter/FilterBuilder'), () => true);
const RecordForm = lazyWhenOpen(() => import('../form/RecordForm'), (p) => p.target !== null);
const RecordTypePicker = lazyWhenOpen(() => import('./RecordTypePicker'), (p) => p.open);
const RecycleBinDrawer = lazyWhenOpen(() => import('./RecycleBinDrawer'), (p) => p.open);

type Props = {
  module: CrmModule;
  /** The module's own mass actions (leads: add to campaign). */
  massActions?: MassAction[];
  /** The module's own delete confirmation for a mass delete (accounts: what to do with their opportunities). */
  removeDialog?: RemoveDialog;
  /**
   * Other ways to show the same list (opportunities: the pipeline board), offered beside "List" and
   * kept in the address (`?mode=board`); each draws the records the toolbar's view, owner scope,
   * quick search and filter select, in place of the table.
   */
  displayModes?: DisplayMode[];
};

export type DisplayMode = { key: string; label: string; render: (settings: ListSettings) => ReactNode };

/** The list page of any module, drawn from its metadata (docs/records-engine.md). */
export default function RecordList(props: Props) {
  const meta = useModuleMeta(props.module);
  // A list opened with `?filter=` (a report's segment clicked through) starts with that filter; read once.
  const [address] = useSearchParams();
  const [filterText] = useState(() => address.get('filter'));
  const startFilter = useStartFilter(filterText);
  if (!meta.data || !startFilter.ready) {
    return <Surface>{meta.isError ? <LoadError onRetry={() => void meta.refetch()} /> : <Skeleton active />}</Surface>;
  }
  return (
    <ModuleMetaContext.Provider value={meta.data}>
      <RecordListView {...props} meta={meta.data} startFilter={startFilter.filter} />
    </ModuleMetaContext.Provider>
  );
}

function RecordListView({ module, meta, startFilter, massActions, removeDialog, displayModes = [] }: Props & { meta: ModuleMeta; startFilter: FilterNode | null }) {
  const { t, i18n } = useTranslation();
  const [address, setAddress] = useSearchParams();
  const mode = displayModes.find((m) => m.key === address.get('mode'));
  const switchMode = (key: string) =>
    setAddress((params) => {
      if (key === 'list') params.delete('mode');
      else params.set('mode', key);
      return params;
    });
  const controller = useRecordListController(module, meta, startFilter);
  const { list } = controller;
  const can = useModulePermissions(module);
  const recordLink = useRecordLink();
  const [filterOpen, setFilterOpen] = useState(false);
  const [recycleOpen, setRecycleOpen] = useState(false);
  const [pickingType, setPickingType] = useState(false);
  const [form, setForm] = useState<RecordFormTarget | null>(null);

  const startNew = () => {
    if (meta.recordTypes.length > 1) setPickingType(true);
    else setForm({ mode: 'create', recordTypeId: meta.recordTypes[0]?.id ?? null });
  };
  const afterChange = () => {
    list.setSelectedRowKeys([]);
    void controller.refresh();
  };

  // The quick search names the module's own searchable fields ("Campaign Name", "First Name, Last Name, … or Mobile").
  const searchable = new Intl.ListFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { type: 'disjunction' }).format(meta.fields.filter((f) => f.searchable).map((f) => f.label));
  const searchLabel = t('crm.list.searchIn', { fields: searchable });
  const conditions = list.filters.filter ? filterSize(list.filters.filter).conditions : 0;
  const filtered = conditions > 0 || !!list.filters.q;
  const settings: ListSettings = { ...list.filters, ...list.sort, viewId: controller.view?.id };
  const columns = recordColumns({
    meta,
    columns: list.filters.columns,
    lookups: list.data?.lookups,
    sortOrderOf: list.sortOrderOf,
    linkOf: (id) => recordLink(module, id),
    nameTitle: t('crm.list.name'),
  });
  const rowParts = useRowParts(module, () => void controller.refresh());

  return (
    <Surface className="crm-record-list" data-testid={`record-list-${module}`}>
      <div className="crm-list-toolbar">
        <Space wrap>
          {displayModes.length > 0 && (
            <Segmented
              value={mode?.key ?? 'list'}
              onChange={(key) => switchMode(String(key))}
              options={[{ value: 'list', label: t('crm.list.listMode') }, ...displayModes.map((m) => ({ value: m.key, label: m.label }))]}
              data-testid="display-mode"
            />
          )}
          <ViewSwitcher module={module} meta={meta} controller={controller} />
          <Radio.Group
            optionType="button"
            value={list.filters.owner}
            onChange={(e) => controller.setOwner(e.target.value as OwnerScope)}
            options={OWNER_SCOPES.map((scope) => ({ value: scope, label: t(`crm.owner.${scope}`) }))}
            aria-label={t('crm.owner.label')}
            data-testid="owner-scope"
          />
          <Input.Search
            allowClear
            placeholder={searchLabel}
            onSearch={controller.setQuery}
            style={{ width: 280 }}
            aria-label={searchLabel}
            data-testid="quick-search"
          />
        </Space>
        <Space wrap className="crm-list-toolbar-end">
          <Badge count={conditions} size="small">
            <Button icon={<FilterOutlined />} type={filterOpen ? 'primary' : 'default'} ghost={filterOpen} onClick={() => setFilterOpen((o) => !o)} data-testid="filter-toggle">
              {t('crm.filter.title')}
            </Button>
          </Badge>
          <ColumnChooser meta={meta} columns={list.filters.columns} onChange={controller.setColumns} />
          {can.remove && (
            <Button icon={<DeleteOutlined />} onClick={() => setRecycleOpen(true)} data-testid="recycle-bin-button">
              {t('crm.recycle.title')}
            </Button>
          )}
          <Button icon={<ReloadOutlined />} onClick={list.refetch} aria-label={t('common.refresh')} />
          {/* Prints what the list shows (its view, filter, sort, columns, owner scope), in a new tab without the layout. */}
          <Button icon={<PrinterOutlined />} href={`${printPath(module, 'index')}?${listAddressQuery(settings)}`} target="_blank" rel="noopener" data-testid="list-print">
            {t('crm.print.print')}
          </Button>
          {/* An import is many creates: `add` allows it (docs/decisions.md, "Excel import"). */}
          {can.add && <ImportButton meta={meta} canEdit={can.edit} onImported={() => void controller.refresh()} />}
          {can.export && <ExportButton module={module} settings={settings} selectedIds={controller.selectedIds} />}
          {can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={startNew} data-testid="record-new">
              {t('crm.list.new')}
            </Button>
          )}
        </Space>
      </div>
      {filterOpen && <FilterBuilder key={controller.view?.id ?? 'none'} meta={meta} value={list.filters.filter} onApply={controller.setFilter} />}
      {mode ? (
        mode.render(settings)
      ) : (
        <>
          <MassActionBar module={module} meta={meta} ids={controller.selectedIds} extra={massActions} onDone={afterChange} removeDialog={removeDialog} />
          <ListTable
            list={list}
            rowKey="id"
            columns={[...columns, ...rowParts.actionColumns]}
            rowClassName={rowParts.rowClassName}
            selectable={can.edit || can.remove}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t(filtered ? 'crm.list.noMatch' : 'crm.list.empty')} /> }}
            data-testid="record-table"
          />
        </>
      )}
      <RecordTypePicker
        module={module}
        open={pickingType}
        onClose={() => setPickingType(false)}
        onPick={(recordTypeId) => {
          setPickingType(false);
          setForm({ mode: 'create', recordTypeId });
        }}
      />
      <RecordForm module={module} meta={meta} target={form} onClose={() => setForm(null)} onSaved={() => void controller.refresh()} />
      {can.remove && <RecycleBinDrawer module={module} meta={meta} open={recycleOpen} onClose={() => setRecycleOpen(false)} onRestored={() => void controller.refresh()} />}
    </Surface>
  );
}
