import { Flex, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyDayTask } from '@orbit/shared/contract/myDay';
import CompleteTaskButton from '../../crm/task/components/CompleteTaskButton';
import { useListLink, useRecordLink } from '../../crm/engine/useRecordLink';
import DayCard from './DayCard';

type Props = { tasks: MyDayTask[] | undefined; onChanged: () => void };

/**
 * Today's agenda: my open tasks due today and overdue, each completed with one click (the task
 * module's own button: the engine's update of its status). This is the slot for today's meetings
 * too: when activities (issue 31's other part) exist, the day's meetings join these rows by time;
 * until then it shows tasks only.
 */
export default function TodayAgendaCard({ tasks, onChanged }: Props) {
  const { t } = useTranslation();
  const linkOf = useRecordLink();
  const allTasks = useListLink('task');
  return (
    <DayCard
      title={t('myDay.agenda')}
      extra={allTasks && <Link to={allTasks}>{t('myDay.allTasks')}</Link>}
      count={tasks?.length}
      empty={t('myDay.agendaEmpty')}
      testId="my-day-agenda"
    >
      <List
        dataSource={tasks}
        rowKey="id"
        renderItem={(task) => {
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
