import { Flex, Progress, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language } from '@orbit/shared/constants';
import type { MyDayStage } from '@orbit/shared/contract/myDay';
import { formatCurrency } from '../../../utils/formatCurrency';
import { useListLink } from '../../crm/engine/useRecordLink';
import DayCard from './DayCard';

/** My open opportunities per stage: how many, their amount, and a bar of the amount against the largest stage's. */
export default function PipelineCard({ stages }: { stages: MyDayStage[] | undefined }) {
  const { t, i18n } = useTranslation();
  const money = (amount: string | number) => formatCurrency(amount, i18n.language as Language);
  const board = useListLink('opportunity');
  const largest = Math.max(0, ...(stages ?? []).map((s) => Number(s.amount)));
  // Cents as integers, so the total is the sum of what the rows show.
  const total = (stages ?? []).reduce((sum, s) => sum + Math.round(Number(s.amount) * 100), 0) / 100;
  const count = (stages ?? []).reduce((sum, s) => sum + s.count, 0);
  return (
    <DayCard
      title={t('myDay.pipeline')}
      extra={board && <Link to={board}>{t('myDay.pipelineTotal', { count, amount: money(total) })}</Link>}
      count={stages?.length}
      empty={t('myDay.pipelineEmpty')}
      testId="my-day-pipeline"
    >
      <Flex vertical gap={12}>
        {stages?.map((stage) => (
          <div key={stage.stage} data-testid="my-day-stage" data-stage={stage.stage}>
            <Flex justify="space-between" gap={8}>
              <Typography.Text>
                {stage.label} <Typography.Text type="secondary">· {t('myDay.stageCount', { count: stage.count })}</Typography.Text>
              </Typography.Text>
              <Typography.Text strong>{money(stage.amount)}</Typography.Text>
            </Flex>
            {/* "normal": a full bar (the largest stage) keeps the primary colour, not the colour of success. */}
            <Progress percent={largest > 0 ? (Number(stage.amount) / largest) * 100 : 0} status="normal" showInfo={false} size="small" aria-hidden />
          </div>
        ))}
      </Flex>
    </DayCard>
  );
}
