import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import type { StagePeriod } from '@orbit/shared/crm/opportunityStages';
import { getStageHistory } from '../../../../api/crmOpportunity';
import DictTag from '../../../../components/dict/DictTag';
import { useDict } from '../../../../components/dict/useDict';
import { parseTime } from '../../../../utils/formatTime';
import DetailTableCard from '../../engine/detail/DetailTableCard';

/** Under the record's history key, so that the detail page fetches it again after every change. */
export const stageHistoryKey = (id: number) => ['crm-history', 'opportunity', id, 'stages'];

/** An opportunity's stages, oldest first: when each was entered and how many days it stayed (the current one: until today). */
export default function StageHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const dict = useDict(OPPORTUNITY_STAGE_DICT)[OPPORTUNITY_STAGE_DICT];
  const periods = useQuery({ queryKey: stageHistoryKey(id), queryFn: async () => (await getStageHistory(id)).data, staleTime: 0 });
  return (
    <DetailTableCard<StagePeriod>
      title={t('crm.opportunity.stageHistory')}
      query={periods}
      rowKey="enteredAt"
      columns={[
        {
          key: 'stage',
          title: t('crm.opportunity.stage'),
          render: (_, p) => (
            <>
              <DictTag options={dict} value={p.stage} />
              {!p.leftAt && <Tag bordered={false}>{t('crm.opportunity.current')}</Tag>}
            </>
          ),
        },
        { key: 'entered', title: t('crm.opportunity.entered'), render: (_, p) => parseTime(p.enteredAt, 'YYYY-MM-DD HH:mm') },
        { key: 'days', title: t('crm.opportunity.daysSpent'), align: 'right', render: (_, p) => t('crm.opportunity.days', { count: p.days }) },
      ]}
      data-testid="stage-history"
    />
  );
}
