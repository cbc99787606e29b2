import { useLocation, useSearchParams } from 'react-router';
import { printModuleOf } from '../../app/printRoutes';
import PrintProviders from '../crm/engine/print/PrintProviders';
import PrintRecordDetail from '../crm/engine/print/PrintRecordDetail';

/** `/Leads/print-leads-detail?id=` (and each module's): one record, ready to print. */
export default function PrintDetailPage() {
  const [params] = useSearchParams();
  const module = printModuleOf(useLocation().pathname);
  return <PrintProviders>{module && <PrintRecordDetail module={module} id={Number(params.get('id'))} />}</PrintProviders>;
}
