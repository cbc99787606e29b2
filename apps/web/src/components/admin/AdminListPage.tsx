import { ClearOutlined, DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageRows } from '@orbit/shared/contract/common';
import { useSession } from '../../store/session';
import { hasPermission } from '../../utils/permission';
import { useAdminColumns, type AdminColumn } from './adminColumns';
import AdminSearchForm, { type AdminFilter } from './AdminSearchForm';
import ListExportButton from './ListExportButton';
import ListTable from './ListTable';
import { useConfirm } from './useConfirm';
import { useListController, type ListParams } from './useListController';

/**
 * A button above the table acting on the ticked rows (`some`, or exactly `one`) or on the whole
 * list (`none`), asked first. `label` and `doneKey` (the success message) are translation keys.
 */
export type ListAction<Row> = {
  label: string;
  icon: ReactNode;
  permission: string;
  danger?: boolean;
  rows: 'some' | 'one' | 'none';
  confirm: (rows: Row[]) => string;
  run: (rows: Row[]) => Promise<unknown>;
  doneKey?: string;
  /** The list changes: it is loaded again and the ticks cleared. */
  changesList?: boolean;
};

type Props<Row> = {
  testId: string;
  /** The list's query key; a change through the page's actions reloads it. */
  queryKey: string;
  fetchPage: (params: ListParams<Record<string, unknown>>) => Promise<PageRows<Row>>;
  /** The field holding the row's id: the key of its check box and what delete takes. */
  rowKey: Extract<keyof Row, string>;
  filters: AdminFilter[];
  columns: AdminColumn<Row>[];
  scrollX: number;
  exportTo?: { url: string; permission: string; fileName: string };
  /** Delete the ticked rows; the question is given their `count`. */
  remove?: { permission: string; deleteRows: (ids: number[]) => Promise<unknown>; confirmKey: string };
  /** Empty the whole list (a log); the success message is "cleaned". */
  clean?: { permission: string; cleanAll: () => Promise<unknown>; confirmKey: string };
  /** The page's own buttons after delete and clean. */
  actions?: ListAction<Row>[];
  /** What the page shows beside the table (a row's detail drawer). */
  children?: ReactNode;
};

/**
 * An administration list that is read, filtered, exported and emptied but not edited in a dialog
 * (the login and operation logs), built from its description: filters, columns, the API's list,
 * delete and clean calls, and the export path. What a page does on its own (a detail drawer, an
 * unlock) it adds as a column's render, an action or a child.
 */
export default function AdminListPage<Row extends object>(props: Props<Row>) {
  const { testId, queryKey, fetchPage, rowKey, remove, clean, exportTo } = props;
  const { t } = useTranslation();
  const session = useSession();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const list = useListController<Record<string, unknown>, Row>({ queryKey, fetchPage, initialFilters: {} });
  const columns = useAdminColumns(props.columns, list);
  const idOf = (row: Row) => row[rowKey] as number;
  const selected = list.rows.filter((row) => list.selectedRowKeys.includes(idOf(row)));

  const actions: ListAction<Row>[] = [
    ...(remove
      ? [{ label: 'admin.delete', icon: <DeleteOutlined />, danger: true, permission: remove.permission, rows: 'some' as const, changesList: true,
          confirm: (rows: Row[]) => t(remove.confirmKey, { count: rows.length }), run: (rows: Row[]) => remove.deleteRows(rows.map(idOf)) }]
      : []),
    ...(clean
      ? [{ label: 'monitor.clean', icon: <ClearOutlined />, danger: true, permission: clean.permission, rows: 'none' as const, changesList: true,
          confirm: () => t(clean.confirmKey), run: () => clean.cleanAll(), doneKey: 'monitor.cleaned' }]
      : []),
    ...(props.actions ?? []),
  ].filter((action) => hasPermission(session, action.permission));

  const act = (action: ListAction<Row>) => {
    const rows = action.rows === 'none' ? [] : selected;
    confirm(
      action.confirm(rows),
      async () => {
        await action.run(rows);
        if (!action.changesList) return;
        list.setSelectedRowKeys([]);
        await queryClient.invalidateQueries({ queryKey: [queryKey] });
      },
      t(action.doneKey ?? 'admin.deleted'),
    );
  };
  const enabled = (action: ListAction<Row>) => (action.rows === 'some' ? selected.length > 0 : action.rows === 'one' ? selected.length === 1 : true);

  return (
    <Card size="small" data-testid={testId}>
      <AdminSearchForm filters={props.filters} onSearch={list.search} onReset={list.reset} />
      <Space style={{ marginBottom: 12 }} wrap>
        {actions.map((action) => (
          <Button key={action.label} danger={action.danger} icon={action.icon} disabled={!enabled(action)} onClick={() => act(action)}>
            {t(action.label)}
          </Button>
        ))}
        {exportTo && <ListExportButton url={exportTo.url} permission={exportTo.permission} params={list.params} fileName={exportTo.fileName} />}
      </Space>
      <ListTable list={list} rowKey={rowKey} columns={columns} selectable={actions.some((a) => a.rows !== 'none')} scroll={{ x: props.scrollX }} />
      {props.children}
    </Card>
  );
}
