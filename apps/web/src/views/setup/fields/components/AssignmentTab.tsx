import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '@orbit/shared/permissions';
import type { AssignmentModule, AssignmentRule } from '@orbit/shared/contract/automation';
import { deleteAssignmentRule, listAssignmentRules, reorderAssignmentRules } from '../../../../api/automation';
import LoadError from '../../../../components/admin/LoadError';
import { useConfirm } from '../../../../components/admin/useConfirm';
import { useHasPermission } from '../../../../utils/permission';
import AssignmentRuleDialog from './AssignmentRuleDialog';
import { EditRowButton, SetupTabHeader } from './SetupTabParts';

/**
 * Set-up › Leads › Assignment (issue 34): the ordered entries that give a new lead its owner — the
 * first whose conditions it meets wins: a user, a department's users in turn, or a role's queue.
 */
export default function AssignmentTab({ module }: { module: AssignmentModule }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const can = { add: useHasPermission(PERMISSIONS.assignment.add), edit: useHasPermission(PERMISSIONS.assignment.edit), remove: useHasPermission(PERMISSIONS.assignment.remove) };
  const rules = useQuery({ queryKey: ['setup', module, 'assignmentRules', i18n.language], queryFn: async () => (await listAssignmentRules(module)).data });
  const [dialog, setDialog] = useState<{ rule: AssignmentRule | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['setup', module, 'assignmentRules'] });
  const list = rules.data ?? [];
  const move = async (index: number, by: -1 | 1) => {
    const ids = list.map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    await reorderAssignmentRules(module, ids);
    await refresh();
  };

  if (rules.isError) return <LoadError onRetry={() => void rules.refetch()} />;
  return (
    <>
      <SetupTabHeader help={t('assignment.help')} newLabel={t('assignment.new')} canAdd={can.add} onNew={() => setDialog({ rule: null })} testId="new-assignment-rule" />
      <Table<AssignmentRule>
        size="small"
        rowKey="id"
        loading={rules.isLoading}
        dataSource={list}
        pagination={false}
        locale={{ emptyText: t('assignment.empty') }}
        data-testid="assignment-rule-table"
        columns={[
          { title: '#', key: 'order', width: 50, render: (_, _r, index) => index + 1 },
          { title: t('assignment.name'), dataIndex: 'name' },
          { title: t('assignment.conditions'), key: 'conditions', render: (_, r) => (r.conditions ? t('assignment.someConditions') : t('assignment.everyLead')) },
          {
            title: t('assignment.target'),
            key: 'target',
            render: (_, r) => `${t(`assignment.target.${r.target}`)}: ${r.targetName ?? t('assignment.targetGone')}`,
          },
          { title: t('assignment.active'), dataIndex: 'active', render: (active: boolean) => (active ? <Tag color="green">{t('assignment.active')}</Tag> : <Tag>—</Tag>) },
          {
            title: '',
            key: 'ops',
            width: 150,
            render: (_, r, index) => (
              <Space size={0}>
                {can.edit && (
                  <>
                    <Button type="link" size="small" icon={<ArrowUpOutlined />} disabled={index === 0} aria-label={t('assignment.moveUp')} onClick={() => void move(index, -1)} data-testid={`assignment-up-${r.id}`} />
                    <Button type="link" size="small" icon={<ArrowDownOutlined />} disabled={index === list.length - 1} aria-label={t('assignment.moveDown')} onClick={() => void move(index, 1)} data-testid={`assignment-down-${r.id}`} />
                    <EditRowButton name={r.name} onClick={() => setDialog({ rule: r })} testId={`edit-assignment-rule-${r.id}`} />
                  </>
                )}
                {can.remove && (
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('assignment.delete')}
                    onClick={() => confirm(t('assignment.confirmDelete', { name: r.name }), async () => { await deleteAssignmentRule(module, r.id); await refresh(); })} />
                )}
              </Space>
            ),
          },
        ]}
      />
      <AssignmentRuleDialog module={module} target={dialog} onClose={() => setDialog(null)} onSaved={refresh} />
    </>
  );
}
