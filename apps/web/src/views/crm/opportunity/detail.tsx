import { useSearchParams } from 'react-router';
import RecordDetail from '../engine/detail/RecordDetail';
import { RecordWriteRulesContext } from '../engine/RecordWriteRulesContext';
import ContactRoles from './components/ContactRoles';
import StageHistory from './components/StageHistory';
import { useOpportunityWriteRules } from './components/useOpportunityWriteRules';

/** Opportunities › detail (`/opportunity/opportunity-detail?flag=detail&id=`): the engine's detail page with opportunities' write rules, the contact roles and the stage history. */
export default function OpportunityDetailPage() {
  const [params] = useSearchParams();
  const { rules, dialog } = useOpportunityWriteRules();
  return (
    <RecordWriteRulesContext.Provider value={rules}>
      <RecordDetail module="opportunity" id={Number(params.get('id'))} related={(context) => (
          <>
            <ContactRoles opportunityId={context.record.id} />
            <StageHistory id={context.record.id} />
          </>
        )} />
      {dialog}
    </RecordWriteRulesContext.Provider>
  );
}
