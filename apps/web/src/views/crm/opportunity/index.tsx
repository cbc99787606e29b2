import RecordList from '../engine/list/RecordList';
import { RecordWriteRulesContext } from '../engine/RecordWriteRulesContext';
import { useOpportunityWriteRules } from './components/useOpportunityWriteRules';

/**
 * Opportunities › list (`/opportunity/opportunity-index`): the engine's list — its board by stage is
 * the pipeline (`?mode=board`; the stage, sums and card order are the module's seed) — with
 * opportunities' write rules around it (probability from the stage, closing asks for the close date
 * and loss reason), which the form, inline edit and a move on the board all go through.
 */
export default function OpportunityIndexPage() {
  const { rules, dialog } = useOpportunityWriteRules();
  return (
    <RecordWriteRulesContext.Provider value={rules}>
      <RecordList module="opportunity" />
      {dialog}
    </RecordWriteRulesContext.Provider>
  );
}
