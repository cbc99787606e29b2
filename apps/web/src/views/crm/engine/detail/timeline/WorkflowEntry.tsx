import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '@orbit/shared/contract/timeline';
import { EntryTime } from './ChangeEntry';

const STATUS_COLOUR: Record<string, string> = { done: 'success', failed: 'error', loop: 'warning', queued: 'processing', running: 'processing' };

/** A workflow rule's run on the record: the rule, how it ended, and why it failed (issue 34). */
export default function WorkflowEntry({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation();
  const run = entry.workflow!;
  return (
    <div data-testid="workflow-entry">
      <Typography.Text>{t('automation.timeline.ran', { rule: run.ruleName })} </Typography.Text>
      <Tag color={STATUS_COLOUR[run.status] ?? 'default'}>{t(`automation.runStatus.${run.status}`)}</Tag>
      {run.error && <Typography.Text type="danger">{run.error}</Typography.Text>}
      <EntryTime time={entry.time} />
    </div>
  );
}
