import { isCrmModule } from '@orbit/shared/crm/modules';
import type { ReportDefinition } from '@orbit/shared/crm/report';
import { useModuleMeta } from '../../engine/useModuleMeta';

/**
 * The metadata a report's labels are drawn with: its module's, and the related module's when the
 * report reaches through a lookup (`def.related`). `loading` while either is on its first fetch —
 * the report's chart and tables wait for it rather than show codes and ids (useResultLabels).
 */
export function useReportMeta(def: Pick<ReportDefinition, 'module' | 'related'> | undefined) {
  const meta = useModuleMeta(def?.module ?? 'leads', !!def);
  const via = def?.related ? meta.data?.fields.find((f) => f.name === def.related) : undefined;
  const relatedModule = via?.lookupModule && isCrmModule(via.lookupModule) ? via.lookupModule : undefined;
  const related = useModuleMeta(relatedModule ?? 'leads', !!relatedModule);
  return {
    meta: meta.data,
    related: relatedModule ? related.data : undefined,
    loading: (!!def && meta.isLoading) || (!!relatedModule && related.isLoading),
  };
}
