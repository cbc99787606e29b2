import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import LoadError from '../../../../components/admin/LoadError';
import LoadingRows from '../../../../components/LoadingRows';
import { titleWithCount } from './cardTitle';

type Props<Row> = {
  title: string;
  /** Shown after the title once the rows are in, as related lists show theirs. */
  count?: number;
  query: Pick<UseQueryResult<Row[]>, 'data' | 'isError' | 'isLoading' | 'refetch'>;
  rowKey: keyof Row & string;
  columns: ColumnsType<Row>;
  /** The card's own actions, at its top right (an opportunity's contact roles: Add). */
  extra?: ReactNode;
  /** What an empty card says, when the generic "nothing here" is not enough. */
  empty?: string;
  'data-testid': string;
};

/**
 * A card of a detail page showing one small table of the module's own (a lead's campaign history,
 * an opportunity's stages): placeholder rows while loading (no count yet), error with retry, empty,
 * rows — like the engine's related lists.
 */
export default function DetailTableCard<Row extends object>({ title, count, query, rowKey, columns, extra, empty, 'data-testid': testId }: Props<Row>) {
  const { t } = useTranslation();
  const rows = query.data ?? [];
  const firstLoad = query.isLoading && query.data === undefined;
  return (
    <Card size="small" title={titleWithCount(title, firstLoad ? undefined : count)} className="crm-detail-section" extra={extra} data-testid={testId}>
      {query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : firstLoad ? (
        <LoadingRows data-testid={`${testId}-loading`} />
      ) : !query.isLoading && rows.length === 0 ? (
        <Typography.Text type="secondary" data-testid={`${testId}-empty`}>
          {empty ?? t('crm.detail.noRelated')}
        </Typography.Text>
      ) : (
        <Table<Row> rowKey={rowKey} size="small" pagination={false} loading={query.isLoading} dataSource={rows} columns={columns} />
      )}
    </Card>
  );
}
