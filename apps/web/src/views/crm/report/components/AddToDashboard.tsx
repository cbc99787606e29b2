import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_KINDS, type DashboardWidget, type WidgetKind } from '@orbit/shared/contract/dashboard';
import { createDashboard, listDashboards, updateDashboard } from '../../../../api/crmDashboard';
import { RequestError } from '../../../../api/request';
import { dashboardsKey, everyDashboardData } from '../../dashboard/dashboardKeys';

const NEW = 0;
type Values = { dashboardId: number; name?: string; kind: WidgetKind };

/** Where a new widget goes: below every widget of the dashboard, half the width. */
export function appendWidget(widgets: DashboardWidget[], reportId: number, kind: WidgetKind): DashboardWidget[] {
  const y = widgets.reduce((bottom, w) => Math.max(bottom, w.y + w.h), 0);
  return [...widgets, { reportId, kind, x: 0, y, w: kind === 'figure' ? 3 : 6, h: kind === 'figure' ? 2 : 4 }];
}

/** "Add to dashboard": the report as a widget of one of the user's dashboards, or of a new one. */
export default function AddToDashboard({ reportId }: { reportId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('dashboardId', form);
  const dashboards = useQuery({ queryKey: dashboardsKey, queryFn: async () => (await listDashboards()).data, enabled: open });
  const editable = (dashboards.data ?? []).filter((d) => d.canEdit);

  const save = async () => {
    const values = await form.validateFields();
    try {
      const existing = editable.find((d) => d.id === values.dashboardId);
      if (existing) await updateDashboard({ id: existing.id, name: existing.name, shared: existing.shared, widgets: appendWidget(existing.widgets, reportId, values.kind) });
      else await createDashboard({ name: values.name!, shared: false, widgets: appendWidget([], reportId, values.kind) });
      setOpen(false);
      void message.success(t('dashboard.widgetAdded'));
      await queryClient.invalidateQueries({ queryKey: dashboardsKey });
      await queryClient.invalidateQueries({ queryKey: everyDashboardData });
    } catch (error) {
      if (error instanceof RequestError) {
        if (error.errors?.name) form.setFields([{ name: 'name', errors: [error.errors.name] }]);
        else void message.error(error.message);
      }
    }
  };

  return (
    <>
      <Button
        onClick={() => {
          form.setFieldsValue({ dashboardId: NEW, name: '', kind: 'chart' });
          setOpen(true);
        }}
        data-testid="report-add-to-dashboard"
      >
        {t('dashboard.addTo')}
      </Button>
      <Modal open={open} title={t('dashboard.addTo')} onOk={() => void save()} onCancel={() => setOpen(false)} okText={t('common.ok')} cancelText={t('common.cancel')} forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="dashboardId" label={t('dashboard.dashboard')}>
            <Select
              loading={dashboards.isFetching}
              options={[{ value: NEW, label: t('dashboard.newDashboard') }, ...editable.map((d) => ({ value: d.id, label: d.name }))]}
              data-testid="add-dashboard-target"
            />
          </Form.Item>
          {target === NEW && (
            <Form.Item name="name" label={t('dashboard.name')} rules={[{ required: true, whitespace: true, message: t('dashboard.nameRequired') }]}>
              <Input maxLength={100} data-testid="add-dashboard-name" />
            </Form.Item>
          )}
          <Form.Item name="kind" label={t('dashboard.showAs')}>
            <Radio.Group optionType="button" options={WIDGET_KINDS.map((k) => ({ value: k, label: t(`dashboard.kind.${k}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
