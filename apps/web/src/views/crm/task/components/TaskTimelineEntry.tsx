import { Typography } from 'antd';
import { Link } from 'react-router';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { FieldDisplay } from '../../engine/fieldTypes/FieldDisplay';
import { ModuleMetaContext } from '../../engine/ModuleMetaContext';
import { recordName } from '../../engine/moduleMeta';
import type { TimelineEntryProps } from '../../engine/recordViews';
import { stateFields } from '../../engine/detail/recordStates';
import { useModuleMeta } from '../../engine/useModuleMeta';
import { useRecordLink } from '../../engine/useRecordLink';
import { taskNote } from '../taskNote';

/** A task on the timeline of a record it points at: its subject (a link), its state, and when it is due or was done. */
export default function TaskTimelineEntry({ entry, lookups }: TimelineEntryProps) {
  const meta = useModuleMeta('task');
  const recordLink = useRecordLink();
  if (!meta.data || !entry.record) return null;
  const task = entry.record as CrmRecord;
  const href = recordLink('task', task.id);
  const name = recordName(meta.data, task);
  return (
    <ModuleMetaContext.Provider value={meta.data}>
      <div data-testid="activity-entry">
        {href ? <Link to={href}>{name}</Link> : <Typography.Text>{name}</Typography.Text>}{' '}
        {stateFields(meta.data, null).map((f) => (
          <FieldDisplay key={f.name} field={f} value={task[f.name]} lookups={lookups} />
        ))}
        <div>{taskNote(task)}</div>
      </div>
    </ModuleMetaContext.Provider>
  );
}
