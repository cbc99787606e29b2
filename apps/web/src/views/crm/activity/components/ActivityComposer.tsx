import { Button, Card, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_NAME_MODULES, type ActivityKind } from '@orbit/shared/crm/activities';
import RecordForm, { type RecordFormTarget } from '../../engine/form/RecordForm';
import type { TimelineComposerProps } from '../../engine/recordViews';
import { useModuleMeta } from '../../engine/useModuleMeta';
import { useModulePermissions } from '../../engine/useModulePermissions';
import ActivityForm from './ActivityForm';

const KINDS: ActivityKind[] = ['call', 'note', 'meeting'];

/**
 * The top of every business record's timeline: Log a call, Add a note, Schedule a meeting (the
 * activity form, naming this record) and New task (the engine's task form, naming it too) — each
 * tab for those allowed to add that kind of record.
 */
export default function ActivityComposer({ module, id, name, onDone }: TimelineComposerProps) {
  const { t } = useTranslation();
  const canActivity = useModulePermissions('activity').add && module !== 'activity' && module !== 'task';
  const canTask = useModulePermissions('task').add && module !== 'activity' && module !== 'task';
  const activityMeta = useModuleMeta('activity', canActivity);
  const taskMeta = useModuleMeta('task', canTask);
  const [task, setTask] = useState<RecordFormTarget | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  if (!canActivity && !canTask) return null;
  // The tabs appear together once their forms' metadata is in: the first tab is then always "Log a call".
  if ((canActivity && !activityMeta.data) || (canTask && !taskMeta.data)) return null;
  const taskPointer = ACTIVITY_NAME_MODULES.includes(module) ? 'name' : 'relatedTo';
  const items = [
    ...(canActivity && activityMeta.data
      ? KINDS.map((kind) => ({
          key: kind,
          label: t(`crm.activity.tab.${kind}`),
          children: <ActivityForm kind={kind} meta={activityMeta.data!} about={{ module, id, name }} onDone={onDone} />,
        }))
      : []),
    ...(canTask && taskMeta.data
      ? [
          {
            key: 'task',
            label: t('crm.activity.tab.task'),
            children: (
              <Button
                onClick={() => setTask({ mode: 'create', recordTypeId: null, values: { [taskPointer]: { module, id } }, lookups: { [module]: { [id]: name } } })}
                data-testid="composer-new-task"
              >
                {t('crm.activity.newTask')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  // A segmented choice rather than tabs: four labels do not fit the timeline's column, and tabs that
  // overflow add a "more" button inside their tab list, which screen readers cannot make sense of.
  const current = items.find((item) => item.key === chosen) ?? items[0]!;
  return (
    <Card size="small" className="crm-activity-composer" data-testid="activity-composer" style={{ marginBottom: 12 }}>
      <Segmented
        block
        size="small"
        value={current.key}
        onChange={(key) => setChosen(String(key))}
        options={items.map((item) => ({ value: item.key, label: item.label }))}
        aria-label={t('crm.activity.composer')}
        style={{ marginBottom: 12 }}
      />
      <div key={current.key}>{current.children}</div>
      {taskMeta.data && <RecordForm module="task" meta={taskMeta.data} target={task} onClose={() => setTask(null)} onSaved={onDone} />}
    </Card>
  );
}
