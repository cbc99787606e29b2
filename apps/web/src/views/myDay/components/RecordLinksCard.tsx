import { List, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserRecordItem } from '@orbit/shared/contract/userRecords';
import { useRecordLink } from '../../crm/engine/useRecordLink';
import DayCard from './DayCard';

type Props = { title: string; empty: string; items: UserRecordItem[] | undefined; testId: string };

/** Recently viewed records or favourites: each record's name, linked to its detail page, with its module. */
export default function RecordLinksCard({ title, empty, items, testId }: Props) {
  const { t } = useTranslation();
  const linkOf = useRecordLink();
  return (
    <DayCard title={title} count={items?.length} empty={empty} testId={testId}>
      <List
        size="small"
        dataSource={items}
        rowKey={(item) => `${item.module}:${item.id}`}
        renderItem={(item) => {
          const link = linkOf(item.module, item.id);
          const name = item.name || `#${item.id}`;
          return (
            <List.Item data-testid={`${testId}-item`}>
              {link ? <Link to={link}>{name}</Link> : <Typography.Text>{name}</Typography.Text>}
              <Typography.Text type="secondary">{t(`crm.module.${item.module}`)}</Typography.Text>
            </List.Item>
          );
        }}
      />
    </DayCard>
  );
}
