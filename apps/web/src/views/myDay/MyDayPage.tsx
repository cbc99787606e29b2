import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import LoadError from '../../components/admin/LoadError';
import { useModulePermissions } from '../crm/engine/useModulePermissions';
import { businessToday } from '../crm/task/taskDates';
import NewLeadsCard from './components/NewLeadsCard';
import PipelineCard from './components/PipelineCard';
import RecordLinksCard from './components/RecordLinksCard';
import TodayAgendaCard from './components/TodayAgendaCard';
import { useMyDay } from './useMyDay';
import './myDay.css';

/**
 * My day (`/my-day`, a seller's start page; docs/my-day.md): today's and overdue tasks, my open
 * pipeline by stage, this week's new leads, recently viewed records and favourites — one answer
 * from the server (GET /crm/my-day). A card whose module the user may not list is left out, the
 * same rule the server applies.
 */
export default function MyDayPage() {
  const { t } = useTranslation();
  const day = useMyDay();
  const may = { task: useModulePermissions('task').list, activity: useModulePermissions('activity').list, opportunity: useModulePermissions('opportunity').list, leads: useModulePermissions('leads').list };
  const data = day.data;
  if (day.isError) {
    return (
      <Card variant="borderless" data-testid="my-day-error">
        <LoadError onRetry={() => void day.refetch()} />
      </Card>
    );
  }
  return (
    <div className="my-day" data-testid="my-day">
      <div className="my-day-heading">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('myDay.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('myDay.subtitle', { date: data?.today ?? businessToday() })}</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        {(may.task || may.activity) && (
          <Col xs={24} xl={12}>
            <TodayAgendaCard tasks={data?.tasks} meetings={data?.meetings} onChanged={() => void day.refetch()} />
          </Col>
        )}
        {may.opportunity && (
          <Col xs={24} xl={12}>
            <PipelineCard stages={data?.pipeline ?? undefined} />
          </Col>
        )}
        {may.leads && (
          <Col xs={24} xl={12}>
            <NewLeadsCard leads={data?.leads ?? undefined} />
          </Col>
        )}
        <Col xs={24} md={12} xl={6}>
          <RecordLinksCard title={t('myDay.recent')} empty={t('myDay.recentEmpty')} items={data?.recent} testId="my-day-recent" />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <RecordLinksCard title={t('myDay.favourites')} empty={t('myDay.favouritesEmpty')} items={data?.favourites} testId="my-day-favourites" />
        </Col>
      </Row>
    </div>
  );
}
