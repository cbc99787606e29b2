import { List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyDayLead } from '@orbit/shared/contract/myDay';
import { parseTime } from '../../../utils/formatTime';
import { useRecordLink } from '../../crm/engine/useRecordLink';
import DayCard from './DayCard';

/** The leads I own that came in this week, newest first, with their company and status. */
export default function NewLeadsCard({ leads }: { leads: MyDayLead[] | undefined }) {
  const { t } = useTranslation();
  const linkOf = useRecordLink();
  return (
    <DayCard title={t('myDay.leads')} count={leads?.length} empty={t('myDay.leadsEmpty')} testId="my-day-leads">
      <List
        size="small"
        dataSource={leads}
        rowKey="id"
        renderItem={(lead) => {
          const link = linkOf('leads', lead.id);
          const name = lead.name || `#${lead.id}`;
          return (
            <List.Item data-testid="my-day-lead" extra={lead.statusLabel && <Tag bordered={false}>{lead.statusLabel}</Tag>}>
              <List.Item.Meta
                title={link ? <Link to={link}>{name}</Link> : name}
                description={<Typography.Text type="secondary">{[lead.company, parseTime(lead.createTime)].filter(Boolean).join(' · ')}</Typography.Text>}
              />
            </List.Item>
          );
        }}
      />
    </DayCard>
  );
}
