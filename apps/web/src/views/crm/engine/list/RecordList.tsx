import { DeleteOutlined, FilterOutlined, PlusOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Input, Radio, Segmented, Skeleton, Space, type InputRef } from 'antd';
import { useRef, useState } from 'react';
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
import { usePageCommand } from '../../../../layout/keys/pageCommands';
import { useIsPhone } from '../../../../components/useIsPhone';
import { ModuleMetaContext } from '../ModuleMetaContext';
import { useModuleMeta } from '../useModuleMeta';
import { useModulePermissions } from '../useModulePermissions';
import { useRecordLink } from '../useRecordLink';
import ColumnChooser from './ColumnChooser';
import ExportButton from './ExportButton';
import GroupByPicker from './GroupByPicker';
import GridCell from './inline/GridCell';
import { useGridEditing } from './inline/useGridEditing';
import { listAddressQuery, type ListSettings } from './listAddress';
import MassActionBar from './MassActionBar';
import type { MassAction } from './massAction';
import type { RemoveDialog } from './removeDialog';
import RecordCardList from './RecordCardList';
import { columnsWidth, recordColumns } from './recordColumns';
import { useRowParts } from './rowParts';
import { useDisplayMode } from './useDisplayMode';
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
const RecordBoard = lazyWhenOpen(() => import('../board/RecordBoard'), () => true);

/** The check-box column of a selectable table (antd's). */
const SELECTION_WIDTH = 32;

type Props = {
  module: CrmModule;
  /** The module's own mass actions (leads: add to campaign). */
  massActions?: MassAction[];
  /** The module's own delete confirmation for a mass delete (accounts: what to do with their opportunities). */
  removeDialog?: RemoveDialog;
};

/**
 * The list page of any module, drawn from its metadata (docs/records-engine.md): a table, or on a
 * phone cards; or, chosen beside the views, a board of the same records grouped by a picklist
 * (`?mode=board&groupBy=`, remembered per user and module: useDisplayMode).
 */
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

function RecordListView({ module, meta, startFilter, massActions, removeDialog }: Props & { meta: ModuleMeta; startFilter: FilterNode | null }) {
  const { t, i18n } = useTranslation();
  const display = useDisplayMode(module, meta);
  const phone = useIsPhone();
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
  // The keyboard's `n` and the palette's "New lead"; `/` puts the cursor in the quick search.
  usePageCommand('create', can.add ? startNew : null);
  const searchRef = useRef<InputRef>(null);
  usePageCommand('search', () => searchRef.current?.focus());
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
  const grid = useGridEditing({
    module,
    meta,
    rows: list.rows,
    columns: list.filters.columns,
    lookups: list.data?.lookups,
    canEdit: can.edit,
    readOnly: list.data?.readOnly,
    onSaved: controller.patchRow,
    onReload: () => void controller.refresh(),
  });
  const columns = recordColumns({
    meta,
    columns: list.filters.columns,
    lookups: list.data?.lookups,
    sortOrderOf: list.sortOrderOf,
    linkOf: (id) => recordLink(module, id),
    nameTitle: t('crm.list.name'),
    cell: (record, name, shown) => (
      <GridCell grid={grid} record={record} name={name}>
        {shown}
      </GridCell>
    ),
  });
  const rowParts = useRowParts(module, () => void controller.refresh(), list.data?.readOnly);
  const selectable = can.edit || can.remove;

  return (
    <Surface className="crm-record-list" data-testid={`record-list-${module}`}>
      <div className="crm-list-toolbar">
        <Space wrap>
          {display.boardFields.length > 0 && (
            <Segmented
              value={display.mode}
              onChange={(key) => display.setMode(key === 'board' ? 'board' : 'list')}
              options={[
                { value: 'list', label: t('crm.list.listMode') },
                { value: 'board', label: t('crm.board.mode') },
              ]}
              data-testid="display-mode"
            />
          )}
          {display.mode === 'board' && display.groupBy && <GroupByPicker fields={display.boardFields} value={display.groupBy} onChange={display.setGroupBy} />}
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
            ref={searchRef}
            allowClear
            placeholder={searchLabel}
            onSearch={controller.setQuery}
            className="crm-list-search"
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
          {/* The board is a query of its own: refreshing it asks every record list again. */}
          <Button icon={<ReloadOutlined />} onClick={display.mode === 'board' ? () => void controller.refresh() : list.refetch} aria-label={t('common.refresh')} />
          {/* Prints what the list shows (its view, filter, sort, columns, owner scope), in a new tab without the layout. */}
          <Button icon={<PrinterOutlined />} href={`${printPath(module, 'index')}?${listAddressQuery(settings)}`} target="_blank" rel="noopener" data-testid="list-print">
            {t('crm.print.print')}
          </Button>
          {/* An import is many creates: `add` allows it (docs/decisions.md, "Excel import"). */}
          {can.add && <ImportButton meta={meta} canEdit={can.edit} onImported={() => void controller.refresh()} />}
          {can.export && <ExportButton module={module} settings={settings} selectedIds={controller.selectedIds} total={list.data?.total} />}
          {can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={startNew} data-testid="record-new">
              {t('crm.list.new')}
            </Button>
          )}
        </Space>
      </div>
      {filterOpen && <FilterBuilder key={controller.view?.id ?? 'none'} meta={meta} value={list.filters.filter} onApply={controller.setFilter} />}
      {display.mode === 'board' && display.groupBy ? (
        <RecordBoard module={module} meta={meta} settings={settings} field={display.groupBy} />
      ) : phone ? (
        <RecordCardList module={module} meta={meta} list={list} columns={list.filters.columns} actionColumns={rowParts.actionColumns} filtered={filtered} />
      ) : (
        <>
          <MassActionBar module={module} meta={meta} ids={controller.selectedIds} extra={massActions} onDone={afterChange} removeDialog={removeDialog} />
          <ListTable
            list={list}
            rowKey="id"
            columns={[...columns, ...rowParts.actionColumns]}
            rowClassName={rowParts.rowClassName}
            selectable={selectable}
            onCountAll={controller.countAll}
            // Fixed widths in proportion (recordColumns): a long e-mail is cut short rather than push "Created" out of sight.
            tableLayout="fixed"
            scroll={{ x: columnsWidth([...columns, ...rowParts.actionColumns]) + (selectable ? SELECTION_WIDTH : 0) }}
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
