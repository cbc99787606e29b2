import { CalendarOutlined } from '@ant-design/icons';
import { Flex, List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyDayMeeting, MyDayTask } from '@orbit/shared/contract/myDay';
import CompleteTaskButton from '../../crm/task/components/CompleteTaskButton';
import { useListLink, useRecordLink } from '../../crm/engine/useRecordLink';
import DayCard from './DayCard';

/** `undefined` while the day loads; `null` for a kind the user may not list. */
type Props = { tasks: MyDayTask[] | null | undefined; meetings: MyDayMeeting[] | null | undefined; onChanged: () => void };

type Row = { kind: 'meeting'; meeting: MyDayMeeting } | { kind: 'task'; task: MyDayTask };

/**
 * Today's agenda: my meetings of the day by start time, then my open tasks due today and overdue,
 * each task completed with one click (the task module's own button: the engine's update of its
 * status).
 */
export default function TodayAgendaCard({ tasks, meetings, onChanged }: Props) {
  const { t } = useTranslation();
  const linkOf = useRecordLink();
  const allTasks = useListLink('task');
  const loading = tasks === undefined || meetings === undefined;
  const rows: Row[] | undefined = loading ? undefined : [...(meetings ?? []).map((meeting) => ({ kind: 'meeting' as const, meeting })), ...(tasks ?? []).map((task) => ({ kind: 'task' as const, task }))];
  const time = (m: MyDayMeeting) => (m.allDay ? t('myDay.allDay') : [m.startAt, m.endAt].filter(Boolean).map((at) => dayjs(at).format('HH:mm')).join('–'));
  return (
    <DayCard
      title={t('myDay.agenda')}
      extra={allTasks && <Link to={allTasks}>{t('myDay.allTasks')}</Link>}
      count={rows?.length}
      empty={t('myDay.agendaEmpty')}
      testId="my-day-agenda"
    >
      <List
        dataSource={rows}
        rowKey={(row) => `${row.kind}-${row.kind === 'task' ? row.task.id : row.meeting.id}`}
        renderItem={(row) => {
          if (row.kind === 'meeting') {
            const { meeting } = row;
            const link = linkOf('activity', meeting.id);
            return (
              <List.Item data-testid="my-day-meeting">
                <Flex vertical gap={2}>
                  <Flex gap={6} align="center">
                    <CalendarOutlined aria-hidden />
                    {link ? <Link to={link}>{meeting.subject}</Link> : <Typography.Text>{meeting.subject}</Typography.Text>}
                  </Flex>
                  <Typography.Text type="secondary">{[time(meeting), meeting.location].filter(Boolean).join(' · ')}</Typography.Text>
                </Flex>
              </List.Item>
            );
          }
          const { task } = row;
          const link = linkOf('task', task.id);
          return (
            <List.Item data-testid="my-day-task" actions={[<CompleteTaskButton key="complete" record={task} onChanged={onChanged} />]}>
              <Flex vertical gap={2}>
                {link ? <Link to={link}>{task.subject}</Link> : <Typography.Text>{task.subject}</Typography.Text>}
                {task.overdue ? (
                  <Tag color="error" bordered={false} style={{ width: 'fit-content' }}>
                    {t('myDay.overdue', { date: task.dueDate })}
                  </Tag>
                ) : (
                  <Typography.Text type="secondary">{t('myDay.dueToday')}</Typography.Text>
                )}
              </Flex>
            </List.Item>
          );
        }}
      />
    </DayCard>
  );
}
