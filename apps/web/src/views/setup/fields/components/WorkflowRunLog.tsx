import { useQuery } from '@tanstack/react-query';
import { Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkflowRule, WorkflowRun } from '@orbit/shared/contract/automation';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { listWorkflowRuns } from '../../../../api/automation';
import LoadError from '../../../../components/admin/LoadError';
import { parseTime } from '../../../../utils/formatTime';

const COLOUR: Record<string, string> = { done: 'success', failed: 'error', loop: 'warning', queued: 'processing', running: 'processing' };

/** The run log of a module's rules, newest first, filtered by rule: each run's status, attempts, actions and errors. */
export default function WorkflowRunLog({ module, rules }: { module: CrmModule; rules: WorkflowRule[] }) {
  const { t, i18n } = useTranslation();
  const [ruleId, setRuleId] = useState<number | undefined>();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const runs = useQuery({ queryKey: ['setup', module, 'workflowRuns', ruleId, page, i18n.language], queryFn: () => listWorkflowRuns({ module, ruleId, ...page }) });
  if (runs.isError) return <LoadError onRetry={() => void runs.refetch()} />;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select allowClear placeholder={t('automation.allRules')} style={{ width: 260 }} value={ruleId} onChange={(v) => setRuleId(v)} options={rules.map((r) => ({ value: r.id, label: r.name }))} data-testid="run-log-rule" />
      </Space>
      <Table<WorkflowRun>
        size="small"
        rowKey="id"
        loading={runs.isLoading}
        dataSource={runs.data?.rows ?? []}
        locale={{ emptyText: t('automation.noRuns') }}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total: runs.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
        data-testid="workflow-run-table"
        columns={[
          { title: t('automation.time'), dataIndex: 'time', render: (time: string) => parseTime(time) },
          { title: t('automation.rule'), dataIndex: 'ruleName' },
          { title: t('automation.record'), dataIndex: 'recordId', render: (id: number) => `#${id}` },
          { title: t('automation.status'), dataIndex: 'status', render: (status: string) => <Tag color={COLOUR[status]}>{t(`automation.runStatus.${status}`)}</Tag> },
          { title: t('automation.attempts'), dataIndex: 'attempts' },
          {
            title: t('automation.actions'),
            key: 'actions',
            render: (_, run) => (
              <Space direction="vertical" size={0}>
                {run.actions.map((a) => (
                  <span key={a.index}>
                    {a.index + 1}. {t(`automation.action.${a.kind}`)} <Tag color={a.status === 'done' ? 'success' : a.status === 'failed' ? 'error' : 'warning'}>{t(`automation.actionStatus.${a.status}`)}</Tag>
                    {a.error && <Typography.Text type="danger">{a.error}</Typography.Text>}
                  </span>
                ))}
                {run.error && <Typography.Text type="danger">{run.error}</Typography.Text>}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
