import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Select, Skeleton, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDashboardData, listDashboards } from '../../../api/crmDashboard';
import LoadError from '../../../components/admin/LoadError';
import LookupSelect from '../engine/LookupSelect';
import DashboardWidget, { ROW_HEIGHT } from './components/DashboardWidget';

/**
 * Dashboards (`/dashboard/dashboard-index`): a grid of widgets over saved reports, each run in the
 * viewer's data scope; a date range and owners narrow every widget at once.
 */
export default function DashboardIndexPage() {
  const { t } = useTranslation();
  const dashboards = useQuery({ queryKey: ['dashboards'], queryFn: async () => (await listDashboards()).data });
  const [chosen, setChosen] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [owners, setOwners] = useState<number[]>([]);
  const id = chosen ?? dashboards.data?.[0]?.id ?? null;
  const filter = { from: range?.[0].format('YYYY-MM-DD'), to: range?.[1].format('YYYY-MM-DD'), owners: owners.length ? owners.join(',') : undefined };
  const data = useQuery({
    queryKey: ['dashboard-data', id, filter],
    queryFn: async () => (await getDashboardData(id!, filter)).data,
    enabled: id !== null,
  });

  if (dashboards.isError) return <LoadError onRetry={() => void dashboards.refetch()} />;
  if (!dashboards.data) return <Skeleton active />;
  if (!dashboards.data.length) return <Empty description={t('dashboard.none')} />;

  return (
    <div data-testid="dashboard-page">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap>
          <Select style={{ width: 220 }} value={id} options={dashboards.data.map((d) => ({ value: d.id, label: d.name }))} onChange={setChosen} aria-label={t('dashboard.dashboard')} data-testid="dashboard-select" />
          <Typography.Text type="secondary">{t('dashboard.dateRange')}</Typography.Text>
          <DatePicker.RangePicker value={range} onChange={(v) => setRange(v && v[0] && v[1] ? [v[0], v[1]] : null)} data-testid="dashboard-range" />
          <Typography.Text type="secondary">{t('dashboard.owners')}</Typography.Text>
          <LookupSelect target="user" multiple value={owners} onChange={(v) => setOwners(Array.isArray(v) ? v.map(Number) : [])} style={{ minWidth: 220 }} aria-label={t('dashboard.owners')} />
        </Space>
      </Card>
      {data.isError ? (
        <LoadError onRetry={() => void data.refetch()} />
      ) : !data.data ? (
        <Skeleton active />
      ) : (
        <div className="dashboard-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(12, minmax(0, 1fr))', gridAutoRows: ROW_HEIGHT, gap: 12 }} data-testid="dashboard-grid">
          {data.data.dashboard.widgets.map((widget, i) => (
            <div key={i} style={{ gridColumn: `${widget.x + 1} / span ${widget.w}`, gridRow: `${widget.y + 1} / span ${widget.h}`, minWidth: 0 }}>
              <DashboardWidget widget={widget} data={data.data.widgets[i]!} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
