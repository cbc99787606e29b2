import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import type { ReportResult, ReportSummaryRow } from '@orbit/shared/contract/report';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { FieldDisplay } from '../../engine/fieldTypes/FieldDisplay';
import { useRecordLink } from '../../engine/useRecordLink';
import { fieldOf, useResultLabels } from './reportLabels';
import { CURRENCY_FIELD } from '@orbit/shared/crm/money';

type Labels = ReturnType<typeof useResultLabels>;
const sameKeys = (a: ReportSummaryRow, b: ReportSummaryRow, indexes: number[]) => indexes.every((i) => a.keys[i] === b.keys[i] && a.rollup[i] === b.rollup[i]);

/** Summary: one line per group, a subtotal after each group's lines, the grand total last. */
export function SummaryTable({ result, labels, size = 'small' }: { result: ReportResult; labels: Labels; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const columns: ColumnsType<ReportSummaryRow & { i: number }> = [
    ...result.groups.map((g, gi) => ({
      key: `g${gi}`,
      title: g.label,
      render: (_: unknown, row: ReportSummaryRow) => {
        if (!row.rollup[gi]) return labels.keyText(gi, row.keys[gi] ?? null);
        const firstRolled = row.rollup.indexOf(true);
        if (firstRolled !== gi) return null;
        return <Typography.Text strong>{gi === 0 ? t('report.grandTotal') : t('report.subtotal')}</Typography.Text>;
      },
    })),
    ...result.aggregates.map((a, ai) => ({
      key: a.key,
      title: a.label,
      align: 'right' as const,
      render: (_: unknown, row: ReportSummaryRow) => {
        const text = labels.aggregateText(ai, row.values[ai] ?? null);
        return row.rollup.some(Boolean) || !result.groups.length ? <Typography.Text strong>{text}</Typography.Text> : text;
      },
    })),
  ];
  return (
    <Table
      size={size}
      rowKey="i"
      data-testid="report-summary"
      columns={columns}
      dataSource={result.summary.map((r, i) => ({ ...r, i }))}
      rowClassName={(row) => (row.rollup.some(Boolean) ? 'report-total-row' : '')}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** Matrix: row groups down, column groups across, the first figure in each cell, row and column totals. */
export function MatrixTable({ result, labels, aggregate = 0 }: { result: ReportResult; labels: Labels; aggregate?: number }) {
  const { t } = useTranslation();
  const rowIdx = result.groups.flatMap((g, i) => (g.axis === 'row' ? [i] : []));
  const colIdx = result.groups.flatMap((g, i) => (g.axis === 'column' ? [i] : []));
  const allRolled = (r: ReportSummaryRow, idx: number[]) => idx.every((i) => r.rollup[i]);
  const noneRolled = (r: ReportSummaryRow, idx: number[]) => idx.every((i) => !r.rollup[i]);
  const columnKeys = result.summary.filter((r) => allRolled(r, rowIdx) && noneRolled(r, colIdx));
  const lines = result.summary.filter((r) => allRolled(r, colIdx));
  const cellOf = (line: ReportSummaryRow, col: ReportSummaryRow) =>
    result.summary.find((r) => sameKeys(r, line, rowIdx) && sameKeys(r, col, colIdx));
  const columns: ColumnsType<ReportSummaryRow & { i: number }> = [
    ...rowIdx.map((gi) => ({
      key: `g${gi}`,
      title: result.groups[gi]!.label,
      fixed: 'left' as const,
      render: (_: unknown, row: ReportSummaryRow) =>
        !row.rollup[gi] ? labels.keyText(gi, row.keys[gi] ?? null) : rowIdx.find((i) => row.rollup[i]) === gi ? <Typography.Text strong>{gi === rowIdx[0] ? t('report.grandTotal') : t('report.subtotal')}</Typography.Text> : null,
    })),
    ...columnKeys.map((col, ci) => ({
      key: `c${ci}`,
      title: colIdx.map((gi) => labels.keyText(gi, col.keys[gi] ?? null)).join(' · '),
      align: 'right' as const,
      render: (_: unknown, line: ReportSummaryRow) => {
        const cell = cellOf(line, col);
        return cell ? labels.aggregateText(aggregate, cell.values[aggregate] ?? null) : '';
      },
    })),
    {
      key: 'total',
      title: t('report.total'),
      align: 'right' as const,
      render: (_: unknown, line: ReportSummaryRow) => <Typography.Text strong>{labels.aggregateText(aggregate, line.values[aggregate] ?? null)}</Typography.Text>,
    },
  ];
  return (
    <Table
      size="small"
      rowKey="i"
      data-testid="report-matrix"
      columns={columns}
      dataSource={lines.map((r, i) => ({ ...r, i }))}
      rowClassName={(row) => (row.rollup.some(Boolean) ? 'report-total-row' : '')}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

type DetailProps = {
  result: ReportResult;
  meta: ModuleMeta | undefined;
  related: ModuleMeta | undefined;
  pagination?: false | { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
  loading?: boolean;
};

/** The currency of an amount in a detail row: its record's (`currency`, or `accountId.currency` for the related record's), as the answer carries it. */
function currencyOfRow(row: Record<string, unknown>, ref: string): string | undefined {
  const via = ref.includes('.') ? `${ref.split('.')[0]}.` : '';
  const currency = row[`${via}${CURRENCY_FIELD}`];
  return typeof currency === 'string' ? currency : undefined;
}

/**
 * The detail rows: the display fields of each record, shown the way their field types show them;
 * the first column opens the record (when the user's menu has its detail page).
 */
export function DetailTable({ result, meta, related, pagination = false, loading }: DetailProps) {
  const linkTo = useRecordLink();
  const columns = result.columns.map((c, ci) => {
    const field = fieldOf(c.ref, meta, related);
    return {
      key: c.ref,
      title: c.label,
      render: (_: unknown, row: Record<string, unknown>) => {
        const shown = field ? <FieldDisplay field={field} value={row[c.ref] as FieldValue} lookups={result.lookups} currency={currencyOfRow(row, c.ref)} /> : String(row[c.ref] ?? '');
        const href = ci === 0 && meta && typeof row.id === 'number' ? linkTo(meta.module, row.id) : null;
        return href ? (
          <Link to={href} data-testid="report-row-link">
            {shown}
          </Link>
        ) : (
          shown
        );
      },
    };
  });
  return (
    <Table
      size="small"
      rowKey="id"
      data-testid="report-rows"
      loading={loading}
      columns={columns}
      dataSource={result.rows}
      pagination={pagination ? { ...pagination, showSizeChanger: true } : false}
      // A preview's hundred rows scroll inside their card; a saved report's page shows whole.
      scroll={pagination ? { x: 'max-content' } : { x: 'max-content', y: 360 }}
    />
  );
}
