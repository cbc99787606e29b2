import { Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

/**
 * The last column of an administration table: the row's link buttons side by side. `render`
 * gives the buttons the row gets; nothing (null) leaves the cell empty.
 */
export function actionsColumn<Row>(t: TFunction, column: Pick<ColumnType<Row>, 'width' | 'fixed'>, render: (row: Row) => ReactNode): ColumnType<Row> {
  return {
    title: t('admin.actions'),
    key: 'actions',
    ...column,
    render: (_, row) => {
      const actions = render(row);
      return actions === null ? null : <Space size={0}>{actions}</Space>;
    },
  };
}
