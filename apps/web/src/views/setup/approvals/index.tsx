import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalProcess } from '@orbit/shared/crm/approvals';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { listApprovalProcesses, removeApprovalProcess } from '../../../api/approvals';
import LoadError from '../../../components/admin/LoadError';
import { useConfirm } from '../../../components/admin/useConfirm';
import { dictLabel, useDictValues } from '../../../components/dict/useDict';
import { useHasPermission } from '../../../utils/permission';
import { useModuleMeta } from '../../crm/engine/useModuleMeta';
import ApprovalProcessEditor from './components/ApprovalProcessEditor';

/** The change a process guards, in the reader's words: the field's label and the value's ("Stage → Closed Won"). */
function WhenCell({ module, process }: { module: CrmModule; process: ApprovalProcess }) {
  const meta = useModuleMeta(module);
  const field = meta.data?.fields.find((f) => f.name === process.whenField);
  const values = useDictValues(field?.dictType);
  if (!process.whenField) return <>—</>;
  return <>{`${field?.label ?? ''} → ${values ? dictLabel(values, process.whenValue) : ''}`}</>;
}

export const processesKey = (module: CrmModule) => ['setup', 'approvalProcesses', module];

/**
 * Set-up › Approval processes (docs/records-engine.md, "Approval processes"): a module's processes
 * — entry conditions, the change they guard, steps and final actions — listed, created, edited and
 * deleted under the setup:approval permissions.
 */
export default function SetupApprovalsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [module, setModule] = useState<CrmModule>('opportunity');
  const [editing, setEditing] = useState<ApprovalProcess | 'new' | null>(null);
  const canAdd = useHasPermission(PERMISSIONS.setupApproval.add);
  const canEdit = useHasPermission(PERMISSIONS.setupApproval.edit);
  const canRemove = useHasPermission(PERMISSIONS.setupApproval.remove);
  const rows = useQuery({ queryKey: processesKey(module), queryFn: async () => (await listApprovalProcesses(module)).data });
  const refresh = () => queryClient.invalidateQueries({ queryKey: processesKey(module) });
  const stepText = (p: ApprovalProcess) => p.steps.map((s) => t(`approval.setup.approver.${s.kind}`)).join(' → ');

  return (
    <Card size="small" data-testid="setup-approvals">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('approval.setup.title')}
      </Typography.Title>
      <Alert type="info" showIcon title={t('approval.setup.help')} style={{ marginBottom: 12 }} />
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>{t('approval.setup.module')}</Typography.Text>
        <Select<CrmModule>
          value={module}
          style={{ minWidth: 180 }}
          onChange={setModule}
          options={CRM_MODULES.map((m) => ({ value: m, label: t(`crm.module.${m}`) }))}
          data-testid="approvals-module"
        />
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="approvals-add">
            {t('approval.setup.add')}
          </Button>
        )}
      </Space>
      {rows.isError ? (
        <LoadError onRetry={() => void rows.refetch()} />
      ) : !rows.data ? (
        <div data-testid="approvals-loading"><Skeleton active /></div>
      ) : (
        <Table<ApprovalProcess>
          size="small"
          rowKey="id"
          dataSource={rows.data}
          pagination={false}
          locale={{ emptyText: t('approval.setup.empty') }}
          data-testid="approvals-table"
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('approval.setup.name'), dataIndex: 'name' },
            { title: t('approval.setup.active'), dataIndex: 'active', render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{on ? '✓' : '—'}</Tag> },
            { title: t('approval.setup.entry'), key: 'entry', render: (_, p) => (p.entryFilter ? t('approval.setup.entryApplied') : t('approval.setup.entryNone')) },
            { title: t('approval.setup.when'), key: 'when', render: (_, p) => <WhenCell module={module} process={p} /> },
            { title: t('approval.setup.steps'), key: 'steps', render: (_, p) => stepText(p) },
            {
              title: t('approval.col.actions'),
              key: 'actions',
              render: (_, p) => (
                <Space size={4}>
                  {canEdit && <Button size="small" type="link" icon={<EditOutlined />} onClick={() => setEditing(p)} aria-label={t('approval.setup.edit')} data-testid={`approvals-edit-${p.id}`} />}
                  {canRemove && (
                    <Button
                      size="small"
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('approval.setup.remove')}
                      data-testid={`approvals-remove-${p.id}`}
                      onClick={() =>
                        confirm(t('approval.setup.confirmRemove', { name: p.name }), async () => {
                          await removeApprovalProcess(module, p.id);
                          await refresh();
                        })
                      }
                    />
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing && (
        <ApprovalProcessEditor
          key={`${module}-${editing === 'new' ? 'new' : editing.id}`}
          module={module}
          process={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      )}
    </Card>
  );
}
