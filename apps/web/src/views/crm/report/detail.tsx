import { ExportOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Input, Modal, Result, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ReportDefinition } from '@orbit/shared/crm/report';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { createReport, exportReport, getReport, getShareTargets, runReport, updateReport } from '../../../api/crmReport';
import { RequestError } from '../../../api/request';
import LoadError from '../../../components/admin/LoadError';
import { useQueuedFile } from '../../../components/useQueuedFile';
import { REPORT_ID_STORAGE_KEY } from '../../../utils/postSignInDestination';
import AddToDashboard from './components/AddToDashboard';
import ReportBuilder, { emptyDefinition } from './components/ReportBuilder';
import { usePageTitle } from '../../../layout/usePageTitle';
import ReportView from './components/ReportView';
import { useReportMeta } from './components/useReportMeta';
import { useHasPermission } from './components/useHasPermission';

/** The saved report, run in full for the viewer: chart, figures and paged detail rows. */
function ReportDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const may = useHasPermission();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const exporting = useQueuedFile();
  const report = useQuery({ queryKey: ['report', id], queryFn: async () => (await getReport(id)).data, retry: false });
  const def = report.data?.definition;
  // Its tab and the browser's title read the report's name (issue 36).
  usePageTitle(report.data?.name);
  const labelsMeta = useReportMeta(def);
  const run = useQuery({
    queryKey: ['report-run', id, page],
    queryFn: async () => (await runReport(id, page)).data,
    enabled: !!report.data && !report.data.problem,
    placeholderData: keepPreviousData,
    retry: false,
  });

  if (report.isError) {
    const msg = report.error instanceof RequestError ? report.error.message : t('common.loadFailed');
    return <Result status="404" title={msg} extra={<Button onClick={() => void navigate('/report/report-index')}>{t('report.backToList')}</Button>} />;
  }
  if (!report.data) return <Skeleton active />;
  const r = report.data;
  return (
    <Card
      data-testid="report-detail"
      title={
        <Space orientation="vertical" size={0}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="report-title">
            {r.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t(`crm.module.${r.module}`)} · {t(`report.formatName.${r.definition.format}`)}
            {r.description ? ` · ${r.description}` : ''}
          </Typography.Text>
        </Space>
      }
      extra={
        <Space>
          {may(PERMISSIONS.dashboard.add) && !r.problem && <AddToDashboard reportId={id} />}
          {may(PERMISSIONS.report.export) && !r.problem && (
            <Button
              icon={<ExportOutlined />}
              loading={exporting.busy}
              onClick={() => void exporting.queue(() => exportReport(id, { timezoneOffset: new Date().getTimezoneOffset() }))}
              data-testid="report-export"
            >
              {t('report.export')}
            </Button>
          )}
          {r.canEdit && may(PERMISSIONS.report.edit) && (
            <Button onClick={() => void navigate(`/report/report-detail?flag=edit&id=${id}`)} data-testid="report-edit">
              {t('report.edit')}
            </Button>
          )}
          <Button onClick={() => void navigate('/report/report-index')}>{t('report.backToList')}</Button>
        </Space>
      }
    >
      {r.problem ? (
        <Result status="warning" title={r.problem} data-testid="report-problem" />
      ) : run.isError ? (
        <LoadError onRetry={() => void run.refetch()} />
      ) : !run.data ? (
        <Skeleton active />
      ) : (
        <ReportView
          result={run.data}
          chart={r.definition.chart}
          meta={labelsMeta.meta}
          related={labelsMeta.related}
          metaLoading={labelsMeta.loading}
          loading={run.isFetching}
          pagination={{ current: page.pageNum, pageSize: page.pageSize, total: run.data.total, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
        />
      )}
    </Card>
  );
}

type SaveValues = { name: string; description: string; isTemplate: boolean; shared: boolean; shareRoles: number[]; shareDepts: number[] };

/** New report, or an edit of one: the builder, then a dialog for its name and sharing. */
function ReportEditor({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({ queryKey: ['report', id], queryFn: async () => (await getReport(id!)).data, enabled: id !== null, retry: false });
  const [definition, setDefinition] = useState<ReportDefinition | null>(id === null ? emptyDefinition() : null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<SaveValues>();
  const shared = Form.useWatch('shared', form);
  const targets = useQuery({ queryKey: ['report-share-targets'], queryFn: async () => (await getShareTargets()).data, enabled: saving && !!shared, staleTime: 60_000 });
  useEffect(() => {
    if (existing.data && !definition) setDefinition(existing.data.definition);
  }, [existing.data, definition]);

  if (existing.isError) return <LoadError onRetry={() => void existing.refetch()} />;
  if (!definition) return <Skeleton active />;

  const save = async () => {
    const values = await form.validateFields();
    try {
      const body = { ...values, definition };
      let savedId = id;
      if (id === null) savedId = (await createReport(body)).data;
      else await updateReport({ ...body, id });
      setSaving(false);
      void message.success(t('report.saved'));
      await queryClient.invalidateQueries({ queryKey: ['report'] });
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
      void navigate(`/report/report-detail?flag=detail&id=${savedId}`);
    } catch (error) {
      if (error instanceof RequestError) {
        if (error.errors?.name) form.setFields([{ name: 'name', errors: [error.errors.name] }]);
        else void message.error(error.message);
      }
    }
  };

  return (
    <div data-testid="report-editor">
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {id === null ? t('report.new') : t('report.editTitle', { name: existing.data?.name ?? '' })}
        </Typography.Title>
        <Button
          type="primary"
          onClick={() => {
            const r = existing.data;
            form.setFieldsValue({ name: r?.name ?? '', description: r?.description ?? '', isTemplate: r?.isTemplate ?? false, shared: r?.shared ?? false, shareRoles: r?.shareRoles ?? [], shareDepts: r?.shareDepts ?? [] });
            setSaving(true);
          }}
          data-testid="report-save"
        >
          {t('report.save')}
        </Button>
        <Button onClick={() => void navigate(id === null ? '/report/report-index' : `/report/report-detail?flag=detail&id=${id}`)}>{t('common.cancel')}</Button>
      </Space>
      <ReportBuilder value={definition} onChange={setDefinition} />
      <Modal open={saving} title={t('report.save')} onOk={() => void save()} onCancel={() => setSaving(false)} okText={t('common.ok')} cancelText={t('common.cancel')} forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('report.name')} rules={[{ required: true, whitespace: true, message: t('report.nameRequired') }]}>
            <Input maxLength={100} data-testid="report-name" />
          </Form.Item>
          <Form.Item name="description" label={t('report.description')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
          <Form.Item name="isTemplate" valuePropName="checked">
            <Checkbox>{t('report.saveAsTemplate')}</Checkbox>
          </Form.Item>
          <Form.Item name="shared" valuePropName="checked" extra={shared ? t('report.shareHelp') : undefined}>
            <Checkbox data-testid="report-shared">{t('report.share')}</Checkbox>
          </Form.Item>
          {shared && (
            <>
              <Form.Item name="shareRoles" label={t('report.shareRoles')}>
                <Select mode="multiple" allowClear loading={targets.isFetching} options={(targets.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))} optionFilterProp="label" />
              </Form.Item>
              <Form.Item name="shareDepts" label={t('report.shareDepts')}>
                <Select mode="multiple" allowClear loading={targets.isFetching} options={(targets.data?.depts ?? []).map((d) => ({ value: d.id, label: d.name }))} optionFilterProp="label" />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </div>
  );
}

/**
 * Reports › detail (`/report/report-detail?flag=detail&id=`, SPEC §2): a saved report run in full.
 * `flag=new` and `flag=edit&id=` open the builder on the same route.
 */
export default function ReportDetailPage() {
  const [params] = useSearchParams();
  const flag = params.get('flag');
  // SPEC §4: signing in with a report's id stores it in the session for this page.
  const id = Number(params.get('id')) || (flag === 'detail' ? Number(sessionStorage.getItem(REPORT_ID_STORAGE_KEY)) : 0) || null;
  if (flag === 'new') return <ReportEditor key="new" id={null} />;
  if (flag === 'edit' && id) return <ReportEditor key={`edit-${id}`} id={id} />;
  if (!id) return <Result status="404" />;
  return <ReportDetail key={id} id={id} />;
}
