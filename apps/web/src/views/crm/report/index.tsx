import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Modal, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ReportMeta } from '@orbit/shared/contract/report';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { copyReport, deleteReports, listReports } from '../../../api/crmReport';
import { RequestError } from '../../../api/request';
import LoadError from '../../../components/admin/LoadError';
import { useConfirm } from '../../../components/admin/useConfirm';
import { useHasPermission } from './components/useHasPermission';

export const reportLink = (id: number) => `/report/report-detail?flag=detail&id=${id}`;

/** The report's name with its tags ("Fixed template", "Shared") on one or two lines. */
const NAME_WIDTH = 280;
/** The columns' widths together with the selection's and a description's least: narrower, the table scrolls. */
const TABLE_MIN_WIDTH = 32 + NAME_WIDTH + 150 + 120 + 150 + 180 + 140;

/**
 * Reports › list (`/report/report-index`): the reports and templates the user may see (their own,
 * shared with them, the built-in templates), opened, copied, deleted; "New report" opens the builder.
 */
export default function ReportIndexPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const may = useHasPermission();
  const [kind, setKind] = useState<'reports' | 'templates'>('reports');
  const [name, setName] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [copying, setCopying] = useState<ReportMeta | null>(null);
  const [copyName, setCopyName] = useState('');

  const list = useQuery({
    queryKey: ['reports', kind, name, page],
    queryFn: () => listReports({ ...page, kind, name: name || undefined }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['reports'] });

  const remove = () => {
    // SPEC §5: deleting asks to select one first.
    if (!selected.length) return void message.warning(t('report.selectTemplate'));
    confirm(t('report.confirmDelete', { count: selected.length }), async () => {
      await deleteReports(selected);
      setSelected([]);
      await refresh();
    });
  };

  const doCopy = async () => {
    if (!copying) return;
    try {
      const res = await copyReport(copying.id, copyName);
      setCopying(null);
      void message.success(t('report.copied'));
      void navigate(`/report/report-detail?flag=edit&id=${res.data}`);
    } catch (error) {
      if (error instanceof RequestError) void message.error(error.errors?.name ?? error.message);
    }
  };

  const columns = [
    {
      key: 'name',
      title: t('report.name'),
      width: NAME_WIDTH,
      render: (_: unknown, r: ReportMeta) => (
        <Space wrap size={[8, 4]}>
          <Link to={reportLink(r.id)} data-testid={`report-link-${r.id}`}>
            {r.name}
          </Link>
          {r.fixed && <Tag color="blue">{t('report.fixed')}</Tag>}
          {r.isTemplate && !r.fixed && <Tag>{t('report.template')}</Tag>}
          {r.shared && !r.fixed && <Tag color="green">{t('report.shared')}</Tag>}
          {r.problem && (
            <Tooltip title={r.problem}>
              <Tag color="warning">{t('report.broken')}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    // The description's ellipsis makes the table's layout fixed: the short columns get widths so that
    // the name and the description share the rest, and a name is not broken inside its words; on a
    // narrow screen the table scrolls sideways (TABLE_MIN_WIDTH) rather than squeeze the name.
    { key: 'module', title: t('report.module'), width: 150, render: (_: unknown, r: ReportMeta) => t(`crm.module.${r.module}`) },
    { key: 'format', title: t('report.format'), width: 120, render: (_: unknown, r: ReportMeta) => t(`report.formatName.${r.definition.format}`) },
    { key: 'owner', title: t('report.owner'), width: 150, render: (_: unknown, r: ReportMeta) => r.ownerName ?? t('report.builtIn') },
    { key: 'description', title: t('report.description'), dataIndex: 'description', ellipsis: true },
    {
      key: 'actions',
      title: t('report.actions'),
      width: 140,
      render: (_: unknown, r: ReportMeta) => (
        <Space>
          {may(PERMISSIONS.report.add) && (
            <Button
              type="link"
              size="small"
              onClick={() => {
                setCopying(r);
                setCopyName(t('report.copyOf', { name: r.name }));
              }}
              data-testid={`report-copy-${r.id}`}
            >
              {t('report.copy')}
            </Button>
          )}
          {r.canEdit && may(PERMISSIONS.report.edit) && (
            <Button type="link" size="small" onClick={() => void navigate(`/report/report-detail?flag=edit&id=${r.id}`)}>
              {t('report.edit')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="report-index">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder={t('report.searchName')} onSearch={(v) => { setName(v); setPage((p) => ({ ...p, pageNum: 1 })); }} style={{ width: 240 }} />
        {may(PERMISSIONS.report.add) && (
          <Button type="primary" onClick={() => void navigate('/report/report-detail?flag=new')} data-testid="report-new">
            {t('report.new')}
          </Button>
        )}
        {may(PERMISSIONS.report.remove) && (
          <Button danger onClick={remove} data-testid="report-delete">
            {t('report.delete')}
          </Button>
        )}
      </Space>
      <Tabs
        activeKey={kind}
        onChange={(k) => { setKind(k as typeof kind); setSelected([]); setPage((p) => ({ ...p, pageNum: 1 })); }}
        items={[
          { key: 'reports', label: t('report.tabReports') },
          { key: 'templates', label: t('report.tabTemplates') },
        ]}
      />
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.rows ?? []}
          locale={{ emptyText: kind === 'templates' ? t('report.noTemplates') : t('report.noReports') }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r) => ({ disabled: !r.canEdit }) }}
          pagination={{ current: page.pageNum, pageSize: page.pageSize, total: list.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
          scroll={{ x: TABLE_MIN_WIDTH }}
          data-testid="report-table"
        />
      )}
      <Modal open={!!copying} title={t('report.copy')} onOk={() => void doCopy()} onCancel={() => setCopying(null)} okText={t('common.ok')} cancelText={t('common.cancel')} destroyOnHidden>
        <Input value={copyName} onChange={(e) => setCopyName(e.target.value)} maxLength={100} data-testid="report-copy-name" />
      </Modal>
    </Card>
  );
}
