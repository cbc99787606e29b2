import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import AddAccountContactsToCampaign from '../campaign/components/AddAccountContactsToCampaign';
import HierarchyTree from '../engine/detail/HierarchyTree';
import RecordDetail from '../engine/detail/RecordDetail';
import AccountCampaigns from './AccountCampaigns';
import { accountRelatedTotals } from './accountTotals';
import DeleteAccountDialog from './DeleteAccountDialog';

/**
 * Accounts › detail (`/account/account-detail?flag=detail&id=`): the engine's detail page with the
 * opportunities' totals, the campaign history of the account's people, "add its contacts to a
 * campaign", the account hierarchy, and a delete that asks what to do with the account's opportunities.
 */
export default function AccountDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return (
    <RecordDetail
      module="account"
      id={id}
      relatedTitles={{ 'leads.convertedAccountId': t('crm.account.convertedLeads'), 'account.parentAccountId': t('crm.account.childAccounts') }}
      relatedTotals={accountRelatedTotals(t)}
      removeDialog={DeleteAccountDialog}
      actions={(context) => <AddAccountContactsToCampaign context={context} />}
      related={(context) => (
        <>
          <AccountCampaigns accountId={context.record.id} />
          <HierarchyTree module="account" id={context.record.id} />
        </>
      )}
    />
  );
}
