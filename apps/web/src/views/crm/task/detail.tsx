import { useSearchParams } from 'react-router';
import RecordDetail from '../engine/detail/RecordDetail';
import CompleteTaskButton from './components/CompleteTaskButton';

/** Tasks › detail (`/task/task-detail?flag=detail&id=`): the engine's detail page of a task, with Complete / Reopen among its actions. */
export default function TaskDetailPage() {
  const [params] = useSearchParams();
  return <RecordDetail module="task" id={Number(params.get('id'))} actions={({ record, writable, reload }) => writable && <CompleteTaskButton record={record} onChanged={reload} inHeader />} />;
}
