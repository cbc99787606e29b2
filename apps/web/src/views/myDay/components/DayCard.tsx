import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';

type Props = {
  title: ReactNode;
  extra?: ReactNode;
  /** The card's rows: undefined while the day loads (a skeleton), empty for the empty state. */
  count: number | undefined;
  empty: string;
  testId: string;
  children?: ReactNode;
};

/** One card of My day: a skeleton while the day loads, its empty state only when it has nothing. */
export default function DayCard({ title, extra, count, empty, testId, children }: Props) {
  return (
    <Card title={title} extra={extra} variant="borderless" className="my-day-card" data-testid={testId} aria-busy={count === undefined}>
      {count === undefined ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : count === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> : children}
    </Card>
  );
}
