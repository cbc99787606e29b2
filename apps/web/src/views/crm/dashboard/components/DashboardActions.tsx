import { DeleteOutlined, EditOutlined, LayoutOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardMeta } from '@orbit/shared/contract/dashboard';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { createDashboard, deleteDashboard, updateDashboard } from '../../../../api/crmDashboard';
import { RequestError } from '../../../../api/request';
import { useHasPermission } from '../../report/components/useHasPermission';
import DashboardNameDialog from './DashboardNameDialog';
import { dashboardsKey, everyDashboardData } from '../dashboardKeys';

const P = PERMISSIONS.dashboard;

/**
 * What a user may do with dashboards from the page: make a new (empty, personal) one, and — on one
 * they may change (their own, not built-in) — rename, share, delete it and arrange its widgets. Each
 * button shows only with its permission; the server refuses the call anyway.
 */
export default function DashboardActions({ dashboard, onChosen, onEditLayout }: { dashboard: DashboardMeta | undefined; onChosen: (id: number | null) => void; onEditLayout: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const may = useHasPermission();
  const [naming, setNaming] = useState<'new' | 'rename' | null>(null);
  const changeable = !!dashboard?.canEdit;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: dashboardsKey });
    await queryClient.invalidateQueries({ queryKey: everyDashboardData });
  };
  const failed = (error: unknown) => {
    if (error instanceof RequestError && !error.shown) void message.error(error.message);
  };
  const update = (patch: Partial<Pick<DashboardMeta, 'name' | 'shared'>>) => updateDashboard({ id: dashboard!.id, name: dashboard!.name, shared: dashboard!.shared, widgets: dashboard!.widgets, ...patch });

  const saveName = async (name: string) => {
    if (naming === 'new') onChosen((await createDashboard({ name, shared: false, widgets: [] })).data);
    else await update({ name });
    setNaming(null);
    void message.success(t('dashboard.saved'));
    await refresh();
  };

  return (
    <Space wrap>
      {may(P.add) && (
        <Button icon={<PlusOutlined />} onClick={() => setNaming('new')} data-testid="dashboard-new">
          {t('dashboard.new')}
        </Button>
      )}
      {changeable && may(P.edit) && (
        <>
          <Button icon={<LayoutOutlined />} onClick={onEditLayout} disabled={!dashboard.widgets.length} data-testid="dashboard-edit-layout">
            {t('dashboard.layout.edit')}
          </Button>
          <Button icon={<EditOutlined />} onClick={() => setNaming('rename')} data-testid="dashboard-rename">
            {t('dashboard.rename')}
          </Button>
          <Tooltip title={t('dashboard.sharedHelp')}>
            <Space size={4}>
              <Switch
                checked={dashboard.shared}
                onChange={(shared) => void update({ shared }).then(refresh, failed)}
                aria-label={t('dashboard.shared')}
                data-testid="dashboard-shared"
              />
              {t('dashboard.shared')}
            </Space>
          </Tooltip>
        </>
      )}
      {changeable && may(P.remove) && (
        <Popconfirm
          title={t('dashboard.confirmDelete', { name: dashboard.name })}
          okText={t('common.ok')}
          cancelText={t('common.cancel')}
          onConfirm={async () => {
            try {
              await deleteDashboard(dashboard.id);
              onChosen(null);
              void message.success(t('dashboard.deleted'));
              await refresh();
            } catch (error) {
              failed(error);
            }
          }}
        >
          <Button danger icon={<DeleteOutlined />} data-testid="dashboard-delete">
            {t('dashboard.delete')}
          </Button>
        </Popconfirm>
      )}
      <DashboardNameDialog
        open={naming !== null}
        title={naming === 'new' ? t('dashboard.new') : t('dashboard.rename')}
        initial={naming === 'rename' ? (dashboard?.name ?? '') : ''}
        onSave={saveName}
        onClose={() => setNaming(null)}
      />
    </Space>
  );
}
