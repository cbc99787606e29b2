import { useSearchParams } from 'react-router';
import RecordDetail from '../engine/detail/RecordDetail';

/** Activities › detail (`/activity/activity-detail?flag=detail&id=`): the engine's detail page. */
export default function ActivityDetailPage() {
  const [params] = useSearchParams();
  return <RecordDetail module="activity" id={Number(params.get('id'))} />;
}
