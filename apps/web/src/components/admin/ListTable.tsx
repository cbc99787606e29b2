import { Table, type TableProps } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import LoadError from './LoadError';
import type { ListController } from './useListController';

/** Check boxes for batch actions, bound to the list's selection; an object adds options such as `getCheckboxProps`. */
export type Selectable<Row> = boolean | Omit<TableRowSelection<Row>, 'selectedRowKeys' | 'onChange'>;

type Props<F extends object, Row> = Omit<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'rowSelection'> & {
  list: ListController<F, Row>;
  selectable?: Selectable<Row>;
};

/**
 * A paged administration table bound to its list controller: rows, spinner, pager with total, sort
 * and selection; when the first page cannot be loaded, the error state with a retry instead.
 */
export default function ListTable<F extends object, Row extends object>({ list, selectable, ...table }: Props<F, Row>) {
  const { t } = useTranslation();
  if (list.isError) return <LoadError onRetry={list.refetch} />;
  const extra = typeof selectable === 'object' ? selectable : {};
  return (
    <Table<Row>
      size="middle"
      {...table}
      dataSource={list.rows}
      loading={list.isLoading}
      pagination={{ ...list.pagination, showTotal: (total) => t('admin.total', { total }) }}
      onChange={list.handleTableChange}
      rowSelection={selectable ? { ...extra, selectedRowKeys: list.selectedRowKeys, onChange: list.setSelectedRowKeys } : undefined}
    />
  );
}
