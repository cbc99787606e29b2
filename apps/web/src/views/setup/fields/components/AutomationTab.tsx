import { DeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Segmented, Space, Table, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { WorkflowRule } from '@orbit/shared/contract/automation';
import type { SetupModule } from '@orbit/shared/contract/setup';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { deleteWorkflowRule, listWorkflowRules } from '../../../../api/automation';
import LoadError from '../../../../components/admin/LoadError';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useHasPermission } from '../../../../utils/permission';
import { FieldDisplay } from '../../../crm/engine/fieldTypes/FieldDisplay';
import { EditRowButton, SetupTabHeader } from './SetupTabParts';
import WorkflowRuleDialog from './WorkflowRuleDialog';
import WorkflowRunLog from './WorkflowRunLog';

type Props = { module: CrmModule; data: SetupModule };

/**
 * Set-up › module › Automation (issue 34): the module's workflow rules — when (trigger), if
 * (conditions in the list filters' grammar), then (ordered actions) — and their run log.
 */
export default function AutomationTab({ module, data }: Props) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const can = { add: useHasPermission(PERMISSIONS.automation.add), edit: useHasPermission(PERMISSIONS.automation.edit), remove: useHasPermission(PERMISSIONS.automation.remove) };
  const [view, setView] = useState<'rules' | 'runs'>('rules');
  const rules = useQuery({ queryKey: ['setup', module, 'workflowRules', i18n.language], queryFn: async () => (await listWorkflowRules(module)).data });
  const [dialog, setDialog] = useState<{ rule: WorkflowRule | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['setup', module, 'workflowRules'] });
  const fieldOf = (name: string) => data.fields.find((f) => f.name === name);
  const label = (name: string) => fieldOf(name)?.label ?? name;
  const triggerText = (r: WorkflowRule): ReactNode => {
    const trigger = r.trigger;
    if (trigger.kind === 'fieldChanged') {
      const field = fieldOf(trigger.field);
      if (trigger.value === undefined || !field) return t('automation.trigger.fieldChangedText', { field: label(trigger.field) });
      // "Status changes to Qualified": the value as the field shows it (a picklist's label, a date in the language).
      return (
        <Space size={4}>
          {t('automation.trigger.fieldChangedTo', { field: field.label })}
          <FieldDisplay field={field} value={trigger.value} />
        </Space>
      );
    }
    if (trigger.kind === 'dateReached') return t('automation.trigger.dateReachedText', { field: label(trigger.field), days: trigger.offsetDays });
    return t(`automation.trigger.${trigger.kind}`);
  };

  return (
    <>
      <Segmented
        value={view}
        onChange={(v) => setView(v as 'rules' | 'runs')}
        options={[{ value: 'rules', label: t('automation.rules') }, { value: 'runs', label: t('automation.runLog') }]}
        style={{ marginBottom: 12 }}
        data-testid="automation-view"
      />
      {view === 'runs' ? (
        <WorkflowRunLog module={module} rules={rules.data ?? []} />
      ) : rules.isError ? (
        <LoadError onRetry={() => void rules.refetch()} />
      ) : (
        <>
          <SetupTabHeader help={t('automation.help')} newLabel={t('automation.new')} canAdd={can.add} onNew={() => setDialog({ rule: null })} testId="new-workflow-rule" />
          <Table<WorkflowRule>
            size="small"
            rowKey="id"
            loading={rules.isLoading}
            dataSource={rules.data ?? []}
            pagination={false}
            locale={{ emptyText: t('automation.empty') }}
            data-testid="workflow-rule-table"
            columns={[
              { title: t('automation.name'), dataIndex: 'name' },
              { title: t('automation.trigger'), key: 'trigger', render: (_, r) => triggerText(r) },
              { title: t('automation.actions'), key: 'actions', render: (_, r) => r.actions.map((a) => t(`automation.action.${a.kind}`)).join(' → ') },
              { title: t('automation.active'), dataIndex: 'active', render: (active: boolean) => (active ? <Tag color="green">{t('automation.active')}</Tag> : <Tag>—</Tag>) },
              {
                title: '',
                key: 'ops',
                width: 90,
                render: (_, r) => (
                  <Space size={0}>
                    {can.edit && <EditRowButton name={r.name} onClick={() => setDialog({ rule: r })} testId={`edit-workflow-rule-${r.id}`} />}
                    {can.remove && (
                      <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('automation.delete')}
                        onClick={() => confirm(t('automation.confirmDelete', { name: r.name }), async () => { await deleteWorkflowRule(module, r.id); await refresh(); })} />
                    )}
                  </Space>
                ),
              },
            ]}
          />
          <WorkflowRuleDialog module={module} data={data} target={dialog} onClose={() => setDialog(null)} onSaved={refresh} />
        </>
      )}
    </>
  );
}
