import { Skeleton } from 'antd';

type Props = { rows?: number; 'data-testid'?: string };

/**
 * Grey bars where rows will be, announced as busy: what a list or card shows until its first
 * answer, so that loading never reads as "No data" or "None yet".
 */
export default function LoadingRows({ rows = 3, 'data-testid': testId = 'loading-rows' }: Props) {
  return (
    <div aria-busy="true" data-testid={testId} style={{ padding: '8px 0' }}>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}
