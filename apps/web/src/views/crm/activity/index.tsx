import RecordList from '../engine/list/RecordList';

/** Activities › list (`/activity/activity-index`): the engine's list of the activity module. */
export default function ActivityIndexPage() {
  return <RecordList module="activity" />;
}
