import { CalendarOutlined, FileTextOutlined, PhoneOutlined } from '@ant-design/icons';
import type { ModuleRecordViewsFile } from '../engine/recordViews';
import ActivityComposer from './components/ActivityComposer';
import ActivityTimelineEntry from './components/ActivityTimelineEntry';
import CalendarMeetingForm from './components/CalendarMeetingForm';

const ICONS = { call: <PhoneOutlined />, meeting: <CalendarOutlined />, note: <FileTextOutlined /> } as const;

/** Activities wherever the engine shows a timeline: the composer on top, calls, meetings and notes among its entries; meetings added on the calendar. */
const activityRecordViews: ModuleRecordViewsFile['views'] = {
  rowFields: [],
  timelineEntry: { kinds: ['call', 'meeting', 'note'], Entry: ActivityTimelineEntry, icon: (entry) => ICONS[entry.kind as keyof typeof ICONS] },
  TimelineComposer: ActivityComposer,
  // A slot selected on the calendar schedules a meeting in the composer's meeting form.
  calendarAdd: { meeting: { label: 'crm.activity.calendarAdd', Form: CalendarMeetingForm } },
};

export default { module: 'activity', views: activityRecordViews } satisfies ModuleRecordViewsFile;
