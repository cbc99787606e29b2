import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { TASK_COMPLETED, TASK_REOPENED } from '@orbit/shared/crm/tasks';
import { updateRecord } from '../../../../api/crm';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { useModulePermissions } from '../../engine/useModulePermissions';
import { useUndoToast } from '../../engine/undo/useUndoToast';
import { useShowError } from '../../engine/useShowError';
import { remindersKey } from '../../reminders/useReminders';

/**
 * Complete (or reopen) a task with one click from any list of tasks: the engine's ordinary update
 * of its status with the version the row was read at — validated, written to history, and the
 * completion time set or cleared by the server, and an undo offered for a few seconds. A refused
 * click (someone changed the task meanwhile) shows why and fetches the list again.
 */
/** What completing needs of a task: a record of any list, or My day's task row. */
type TaskToComplete = Pick<CrmRecord, 'id' | 'version'> & { status?: unknown; subject?: unknown };

/** `inHeader`: the detail page's size of button (rows use small ones). */
export default function CompleteTaskButton({ record, onChanged, inHeader = false }: { record: TaskToComplete; onChanged: () => void; inHeader?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const showError = useShowError();
  const offerUndo = useUndoToast();
  const can = useModulePermissions('task');
  const done = record.status === TASK_COMPLETED;
  const change = useMutation({
    mutationFn: () => updateRecord('task', { id: record.id, version: record.version, status: done ? TASK_REOPENED : TASK_COMPLETED }),
    onSuccess: (answer) => {
      // Undo gives the task the status it had (not started, in progress…) at the version the click left.
      const status = typeof record.status === 'string' ? record.status : done ? TASK_COMPLETED : TASK_REOPENED;
      const previous = { id: record.id, version: answer.data.version, status };
      offerUndo(t(done ? 'crm.task.reopened' : 'crm.task.completed'), () => updateRecord('task', previous), onChanged);
      onChanged();
      // A completed task reminds no one: the bell need not wait for its next minute.
      void queryClient.invalidateQueries({ queryKey: remindersKey });
    },
    onError: (error) => {
      showError(error);
      onChanged();
    },
  });
  if (!can.edit) return null;
  const name = String(record.subject ?? `#${record.id}`);
  return done ? (
    <Button size={inHeader ? 'middle' : 'small'} type={inHeader ? 'default' : 'text'} icon={<UndoOutlined />} loading={change.isPending} onClick={() => change.mutate()} aria-label={t('crm.task.reopenNamed', { name })} data-testid="task-reopen">
      {t('crm.task.reopen')}
    </Button>
  ) : (
    <Button size={inHeader ? 'middle' : 'small'} icon={<CheckOutlined />} loading={change.isPending} onClick={() => change.mutate()} aria-label={t('crm.task.completeNamed', { name })} data-testid="task-complete">
      {t('crm.task.complete')}
    </Button>
  );
}
