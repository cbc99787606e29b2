import { Button, Space, Table, type TableProps } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import LoadingRows from '../LoadingRows';
import LoadError from './LoadError';
import type { ListController } from './useListController';

/** Check boxes for batch actions, bound to the list's selection; an object adds options such as `getCheckboxProps`. */
export type Selectable<Row> = boolean | Omit<TableRowSelection<Row>, 'selectedRowKeys' | 'onChange'>;

type Props<F extends object, Row> = Omit<TableProps<Row>, 'dataSource' | 'loading' | 'pagination' | 'onChange' | 'rowSelection'> & {
  list: ListController<F, Row>;
  selectable?: Selectable<Row>;
  /** Asks for the exact count of a list whose total is capped ("More than 10,000"). */
  onCountAll?: () => void;
};

/**
 * A paged administration table bound to its list controller: rows, spinner, pager with total, sort
 * and selection; when the first page cannot be loaded, the error state with a retry instead. Until
 * the first page is in, placeholder rows where the rows will be — never the empty text ("No data",
 * "No leads yet"), which is for a list that is really empty.
 */
export default function ListTable<F extends object, Row extends object>({ list, selectable, onCountAll, ...table }: Props<F, Row>) {
  const { t } = useTranslation();
  if (list.isError) return <LoadError onRetry={list.refetch} />;
  const extra = typeof selectable === 'object' ? selectable : {};
  const locale = list.isFirstLoad ? { ...table.locale, emptyText: <LoadingRows /> } : table.locale;
  return (
    <Table<Row>
      size="middle"
      {...table}
      locale={locale}
      dataSource={list.rows}
      loading={list.isLoading && !list.isFirstLoad}
      pagination={{
        ...list.pagination,
        showTotal: (total) =>
          list.data?.totalCapped ? (
            <Space size={4}>
              {t('admin.totalCapped', { total: total.toLocaleString() })}
              {onCountAll && (
                <Button type="link" size="small" onClick={onCountAll} data-testid="list-count-all">
                  {t('admin.countAll')}
                </Button>
              )}
            </Space>
          ) : (
            t('admin.total', { total })
          ),
      }}
      onChange={list.handleTableChange}
      rowSelection={selectable ? { ...extra, selectedRowKeys: list.selectedRowKeys, onChange: list.setSelectedRowKeys } : undefined}
    />
  );
}
