import { useTranslation } from 'react-i18next';
import RecordList from '../engine/list/RecordList';
import { RecordWriteRulesContext } from '../engine/RecordWriteRulesContext';
import PipelineBoard from './components/PipelineBoard';
import { useOpportunityWriteRules } from './components/useOpportunityWriteRules';

/**
 * Opportunities › list (`/opportunity/opportunity-index`): the engine's list with a second way to
 * show it, the pipeline board (`?mode=board`), and opportunities' write rules (probability from
 * the stage, closing asks for the close date and loss reason).
 */
export default function OpportunityIndexPage() {
  const { t } = useTranslation();
  const { rules, dialog } = useOpportunityWriteRules();
  return (
    <RecordWriteRulesContext.Provider value={rules}>
      <RecordList module="opportunity" displayModes={[{ key: 'board', label: t('crm.opportunity.board'), render: (settings) => <PipelineBoard settings={settings} /> }]} />
      {dialog}
    </RecordWriteRulesContext.Provider>
  );
}
