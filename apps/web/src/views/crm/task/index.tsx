import RecordList from '../engine/list/RecordList';

/** Tasks › list (`/task/task-index`): the engine's list of the task module. */
export default function TaskIndexPage() {
  return <RecordList module="task" />;
}
