import { Alert, Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import type { ReportResult } from '@orbit/shared/contract/report';
import type { ChartType } from '@orbit/shared/crm/report';
import LoadingRows from '../../../../components/LoadingRows';
import type { ChartPoint } from './chartOption';
import ReportChart from './ReportChart';
import { DetailTable, MatrixTable, SummaryTable } from './ReportTables';
import { useResultLabels } from './reportLabels';
import ConvertedNote from '../../../../components/money/ConvertedNote';
import { asCurrency } from '../../../../utils/formatCurrency';

type Props = {
  result: ReportResult;
  chart: { type: ChartType; aggregate?: number } | null | undefined;
  meta: ModuleMeta | undefined;
  related: ModuleMeta | undefined;
  /** The metadata is still on its first fetch: a placeholder rather than codes and ids. */
  metaLoading?: boolean;
  /** Paging of the detail rows (a saved report's run); none in a preview. */
  pagination?: Parameters<typeof DetailTable>[0]['pagination'];
  loading?: boolean;
  onSegment?: (point: ChartPoint) => void;
};

/** A report's result: its chart, its figures (summary or matrix) and its detail rows. */
export default function ReportView({ result, chart, meta, related, metaLoading, pagination, loading, onSegment }: Props) {
  const { t } = useTranslation();
  const labels = useResultLabels(result, meta, related, metaLoading);
  if (!labels.ready) return <LoadingRows rows={6} data-testid="report-loading" />;
  if (!result.total && !result.summary.some((r) => r.values.some((v) => v !== null && v !== 0))) {
    return <Empty description={t('report.noRecords')} data-testid="report-empty" />;
  }
  return (
    <div className="report-view">
      {result.truncated && <Alert type="info" showIcon title={t('report.previewLimit', { count: 100 })} style={{ marginBottom: 12 }} data-testid="report-truncated" />}
      {chart && result.format !== 'tabular' && (
        <Card size="small" style={{ marginBottom: 12 }}>
          <ReportChart result={result} type={chart.type} aggregate={chart.aggregate ?? 0} labels={labels} onSegment={onSegment} />
        </Card>
      )}
      {result.converted && (
        <div style={{ marginBottom: 8 }}>
          <ConvertedNote currency={asCurrency(result.currency)} testId="report-converted" />
        </div>
      )}
      {result.format === 'summary' && <SummaryTable result={result} labels={labels} />}
      {result.format === 'matrix' && <MatrixTable result={result} labels={labels} aggregate={chart?.aggregate ?? 0} />}
      {result.format === 'tabular' && result.summary.length > 0 && <SummaryTable result={result} labels={labels} />}
      <Card size="small" title={t('report.detailRows', { count: result.total })} style={{ marginTop: 12 }}>
        <DetailTable result={result} meta={meta} related={related} pagination={pagination} loading={loading} />
      </Card>
    </div>
  );
}
