import RecordList from '../engine/list/RecordList';
import DeleteAccountDialog from './DeleteAccountDialog';

/** Accounts › list (`/account/account-index`): the engine's list, whose mass delete asks what to do with the accounts' opportunities. */
export default function AccountIndexPage() {
  return <RecordList module="account" removeDialog={DeleteAccountDialog} />;
}
