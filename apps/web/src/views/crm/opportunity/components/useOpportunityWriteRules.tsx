import { useRef, useState, type ReactNode } from 'react';
import { OPPORTUNITY_STAGE_DICT } from '@orbit/shared/constants';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import { isClosedStage, stageProbability } from '@orbit/shared/crm/opportunityStages';
import { useDict } from '../../../../components/dict/useDict';
import type { RecordWriteRules } from '../../engine/RecordWriteRulesContext';
import CloseOpportunityDialog, { type Closing, type ClosingValues } from './CloseOpportunityDialog';

/**
 * The web half of opportunities' write rules (the server's are opportunity.hooks.ts): a form fills
 * the probability of the stage chosen (the user may change it again), and any move to a closed
 * stage — form, inline edit or board — asks for the close date and, for lost, the reason first.
 * `dialog` is that question; the page renders it.
 */
export function useOpportunityWriteRules(): { rules: RecordWriteRules; dialog: ReactNode } {
  const stages = useDict(OPPORTUNITY_STAGE_DICT)[OPPORTUNITY_STAGE_DICT];
  const [closing, setClosing] = useState<Closing | null>(null);
  const answer = useRef<(values: ClosingValues | null) => void>(() => undefined);

  const rules: RecordWriteRules = {
    fillOnChange(field, value) {
      if (field !== 'stage') return undefined;
      const probability = stageProbability(stages?.find((s) => s.dictValue === value));
      return probability === null ? undefined : { probability };
    },
    completeChange(changes, record: CrmRecord | null, count) {
      const stage = changes.stage;
      if (!isClosedStage(stage) || stage === record?.stage) return Promise.resolve(changes);
      return new Promise((resolve) => {
        answer.current = (values) => {
          setClosing(null);
          resolve(values ? { ...changes, ...values } : null);
        };
        setClosing({ stage: String(stage), name: String(changes.name ?? record?.name ?? ''), count });
      });
    },
  };

  return { rules, dialog: <CloseOpportunityDialog closing={closing} onDone={(values) => answer.current(values)} /> };
}
