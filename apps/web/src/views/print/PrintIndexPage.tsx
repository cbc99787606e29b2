import { useLocation, useSearchParams } from 'react-router';
import { printModuleOf } from '../../app/printRoutes';
import { listSettingsOf } from '../crm/engine/list/listSettingsOf';
import PrintProviders from '../crm/engine/print/PrintProviders';
import PrintRecordList from '../crm/engine/print/PrintRecordList';

/** `/Leads/print-leads-index?…` (and each module's): the list as the list page showed it (its address says how), ready to print. */
export default function PrintIndexPage() {
  const [params] = useSearchParams();
  const module = printModuleOf(useLocation().pathname);
  return <PrintProviders>{module && <PrintRecordList module={module} settings={listSettingsOf(params)} />}</PrintProviders>;
}
