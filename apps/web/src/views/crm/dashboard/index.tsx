import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Select, Skeleton, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDashboardData, listDashboards, updateDashboard } from '../../../api/crmDashboard';
import { RequestError } from '../../../api/request';
import LoadError from '../../../components/admin/LoadError';
import { useSession } from '../../../store/session';
import LookupSelect from '../engine/LookupSelect';
import DashboardActions from './components/DashboardActions';
import DashboardWidget, { WidgetLoading } from './components/DashboardWidget';
import { cellStyle, gridStyle } from './components/gridMetrics';
import { layoutReducer, savedOf } from './layout/layoutReducer';
import LayoutEditor from './layout/LayoutEditor';
import { dashboardDataKey, dashboardsKey, everyDashboardData } from './dashboardKeys';

/**
 * Dashboards (`/dashboard/dashboard-index`): a grid of widgets over saved reports, each run in the
 * viewer's data scope; a date range and owners narrow every widget at once. Opens on the dashboard
 * of the user's role when it has one (the one pinned at `/`), else the first. On a dashboard of
 * their own the user arranges the widgets ("Edit layout": Save or Cancel).
 */
export default function DashboardIndexPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const landing = useSession()?.defaultDashboardId ?? null;
  const dashboards = useQuery({ queryKey: dashboardsKey, queryFn: async () => (await listDashboards()).data });
  const [chosen, setChosen] = useState<number | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [owners, setOwners] = useState<number[]>([]);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [draft, dispatch] = useReducer(layoutReducer, []);
  const list = dashboards.data ?? [];
  const id = [chosen, landing].find((c) => c !== null && list.some((d) => d.id === c)) ?? list[0]?.id ?? null;
  const meta = list.find((d) => d.id === id);
  const filter = { from: range?.[0].format('YYYY-MM-DD'), to: range?.[1].format('YYYY-MM-DD'), owners: owners.length ? owners.join(',') : undefined };
  const data = useQuery({
    queryKey: dashboardDataKey(id, filter),
    queryFn: async () => (await getDashboardData(id!, filter)).data,
    enabled: id !== null,
  });

  const choose = (next: number | null) => {
    setEditing(false);
    setChosen(next);
  };
  const startEditing = () => {
    dispatch({ type: 'reset', widgets: data.data?.dashboard.widgets ?? meta?.widgets ?? [] });
    setEditing(true);
  };
  const saveLayout = async () => {
    if (!meta) return;
    setSaving(true);
    try {
      await updateDashboard({ id: meta.id, name: meta.name, shared: meta.shared, widgets: savedOf(draft) });
      void message.success(t('dashboard.saved'));
      setEditing(false);
      await queryClient.invalidateQueries({ queryKey: dashboardsKey });
      await queryClient.invalidateQueries({ queryKey: everyDashboardData });
    } catch (error) {
      if (error instanceof RequestError && !error.shown) void message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  if (dashboards.isError) return <LoadError onRetry={() => void dashboards.refetch()} />;
  if (!dashboards.data) return <Skeleton active />;

  const actions = <DashboardActions dashboard={meta} onChosen={choose} onEditLayout={startEditing} />;
  if (!list.length)
    return (
      <Empty description={t('dashboard.noneHint')} data-testid="dashboard-page">
        {actions}
      </Empty>
    );

  return (
    <div data-testid="dashboard-page">
      <Card size="small" style={{ marginBottom: 12 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Select style={{ width: 220 }} value={id} options={list.map((d) => ({ value: d.id, label: d.name }))} onChange={choose} disabled={editing} aria-label={t('dashboard.dashboard')} data-testid="dashboard-select" />
            <Typography.Text type="secondary">{t('dashboard.dateRange')}</Typography.Text>
            <DatePicker.RangePicker value={range} onChange={(v) => setRange(v && v[0] && v[1] ? [v[0], v[1]] : null)} data-testid="dashboard-range" />
            <Typography.Text type="secondary">{t('dashboard.owners')}</Typography.Text>
            <LookupSelect target="user" multiple value={owners} onChange={(v) => setOwners(Array.isArray(v) ? v.map(Number) : [])} style={{ minWidth: 220 }} aria-label={t('dashboard.owners')} />
          </Space>
          {editing ? (
            <Space>
              <Typography.Text type="secondary">{t('dashboard.layout.hint')}</Typography.Text>
              <Button onClick={() => setEditing(false)} data-testid="dashboard-layout-cancel">
                {t('common.cancel')}
              </Button>
              <Button type="primary" loading={saving} onClick={() => void saveLayout()} data-testid="dashboard-layout-save">
                {t('dashboard.layout.save')}
              </Button>
            </Space>
          ) : (
            actions
          )}
        </Space>
      </Card>
      {data.isError ? (
        <LoadError onRetry={() => void data.refetch()} />
      ) : !data.data ? (
        // The layout is known before the figures: each widget's card holds a placeholder where its chart will be.
        <div className="dashboard-grid" style={gridStyle} aria-busy data-testid="dashboard-loading">
          {(meta?.widgets ?? []).map((widget, i) => (
            <div key={i} style={cellStyle(widget)}>
              <Card size="small" title={widget.title || <Skeleton.Input active size="small" style={{ width: 160, height: 16 }} />} style={{ height: '100%', overflow: 'hidden' }}>
                <WidgetLoading />
              </Card>
            </div>
          ))}
          {!meta?.widgets.length && <Skeleton active />}
        </div>
      ) : editing ? (
        <LayoutEditor draft={draft} data={data.data.widgets} dispatch={dispatch} />
      ) : !data.data.dashboard.widgets.length ? (
        <Empty description={t('dashboard.emptyHint')} data-testid="dashboard-empty" />
      ) : (
        <div className="dashboard-grid" style={gridStyle} data-testid="dashboard-grid">
          {data.data.dashboard.widgets.map((widget, i) => (
            <div key={i} style={cellStyle(widget)} data-cell={`${widget.x},${widget.y},${widget.w},${widget.h}`}>
              <DashboardWidget widget={widget} data={data.data.widgets[i]!} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
