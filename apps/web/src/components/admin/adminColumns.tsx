import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import DictTag from '../dict/DictTag';
import { useDict } from '../dict/useDict';
import { formatTime } from './formatTime';
import type { ListController } from './useListController';

/**
 * One column of an administration table, as a description: the row's field it shows (`key`), its
 * title's translation key, and how the value is drawn — as a time, as the tag of a dictionary's
 * value, or by the page's own function. A sortable column is sorted by the server, by its key.
 */
export type AdminColumn<Row> = {
  key: string;
  title: string;
  width?: number;
  sortable?: boolean;
  ellipsis?: boolean;
  align?: 'center';
  show?: 'time' | { dict: string } | ((value: never, row: Row) => ReactNode);
  /** Left out (a column for a permission the user lacks, or a kind of row the list does not hold). */
  hidden?: boolean;
};

/** The antd columns of column descriptions; sortable ones follow the list's sort. */
export function useAdminColumns<Row>(columns: AdminColumn<Row>[], list?: Pick<ListController<object, Row>, 'sortable'>): TableColumnsType<Row> {
  const { t } = useTranslation();
  const dict = useDict(...columns.flatMap(({ show }) => (typeof show === 'object' ? [show.dict] : [])));

  const renderOf = (show: AdminColumn<Row>['show']) => {
    if (show === 'time') return formatTime;
    if (typeof show === 'object') return (value: string | number | null) => <DictTag options={dict[show.dict]} value={value} />;
    return show as ((value: unknown, row: Row) => ReactNode) | undefined;
  };

  return columns
    .filter((column) => !column.hidden)
    .map(({ key, title, width, sortable, ellipsis, align, show }) => ({
      title: t(title),
      width,
      ellipsis,
      align,
      ...(sortable && list ? list.sortable(key) : { key, dataIndex: key }),
      render: renderOf(show),
    }));
}
