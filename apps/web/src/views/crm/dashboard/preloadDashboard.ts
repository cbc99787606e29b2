import type { QueryClient } from '@tanstack/react-query';
import { isCrmModule, type CrmModule } from '@orbit/shared/crm/modules';
import { splitRef } from '@orbit/shared/crm/report';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import type { DashboardData } from '@orbit/shared/contract/dashboard';
import { getDashboardData, listDashboards } from '../../../api/crmDashboard';
import { getModuleMeta } from '../../../api/crm';
import { getDictValues } from '../../../api/system/dict';
import { dictQueryKey } from '../../../components/dict/useDict';
import { moduleMetaKey } from '../engine/useModuleMeta';
import { dashboardDataKey, dashboardsKey } from './dashboardKeys';

/** The dashboard that opened, and what its widgets are labelled with: the metadata of these modules and these dictionaries. */
export type DashboardLabels = { opened: number; modules: string[]; dictTypes: string[] };

const fetchMeta = (queryClient: QueryClient, module: CrmModule, language: string) =>
  queryClient.fetchQuery({ queryKey: moduleMetaKey(module, language), queryFn: async () => (await getModuleMeta(module)).data, staleTime: Infinity });

const fetchDict = (queryClient: QueryClient, dictType: string, language: string) =>
  queryClient.fetchQuery({ queryKey: dictQueryKey(dictType, language), queryFn: async () => (await getDictValues(dictType)).data, staleTime: Infinity });

/**
 * The metadata of each widget's module (and of the module a report reaches through a lookup), then
 * the dictionaries its groupings are labelled with — what the widgets' labels wait for
 * (report/components/useResultLabels). Resolves with what was asked for.
 */
async function preloadLabels(queryClient: QueryClient, data: DashboardData, language: string): Promise<Omit<DashboardLabels, 'opened'>> {
  const defs = data.widgets.flatMap((w) => (w.report ? [w.report.definition] : []));
  const modules = new Set<string>();
  const dictTypes = new Set<string>();
  /** The picklists among `fields` that a grouping names (`via`: through the lookup `related`, or directly). */
  const grouped = (meta: ModuleMeta, refs: string[], via: string | null) => {
    const names = new Set(refs.map(splitRef).filter((r) => r.via === via).map((r) => r.field));
    return meta.fields.filter((f) => f.type === 'picklist' && f.dictType && names.has(f.name)).map((f) => f.dictType!);
  };
  await Promise.all(
    defs.map(async (def) => {
      if (!isCrmModule(def.module)) return;
      const refs = [...(def.groupRows ?? []), ...(def.groupColumns ?? [])].map((g) => g.field);
      modules.add(def.module);
      const meta = await fetchMeta(queryClient, def.module, language);
      const own = grouped(meta, refs, null);
      const lookup = def.related ? meta.fields.find((f) => f.name === def.related)?.lookupModule : undefined;
      const related = lookup && isCrmModule(lookup) ? lookup : null;
      if (related) modules.add(related);
      const through = related ? grouped(await fetchMeta(queryClient, related, language), refs, def.related!) : [];
      for (const type of [...own, ...through]) dictTypes.add(type);
      await Promise.all([...own, ...through].map((type) => fetchDict(queryClient, type, language)));
    }),
  );
  return { modules: [...modules], dictTypes: [...dictTypes] };
}

/**
 * The dashboards page's requests, made as soon as its route is known rather than one after another
 * as it renders (issue 36, item 15: the list of dashboards, then the data, then each widget's
 * metadata, then its dictionaries, then the charts' code). The data is asked for once the list says which dashboard opens
 * (the landing one when the user may see it, else the first), as the page decides: a dashboard
 * asked for blindly could answer with an error the user would be shown.
 *
 * `labels`: the dashboard that opened last time with the metadata and dictionaries its widgets were
 * labelled with (layout/routes/warmStart.ts), asked for at once beside the list rather than after
 * it; `onLabels` is told what opened now and what its widgets needed, to be remembered for the next
 * time.
 */
export function preloadDashboard(queryClient: QueryClient, landing: number | null, language: string, labels?: DashboardLabels | null, onLabels?: (labels: DashboardLabels) => void): void {
  for (const module of labels?.modules ?? []) if (isCrmModule(module)) void fetchMeta(queryClient, module, language).catch(() => undefined);
  for (const dictType of labels?.dictTypes ?? []) void fetchDict(queryClient, dictType, language).catch(() => undefined);
  // The dashboard that opened last time, beside the list that says which opens now; a refusal (no
  // longer shared with the user) is not shown: the page asks for the one that opens itself.
  if (labels) {
    void queryClient.prefetchQuery({ queryKey: dashboardDataKey(labels.opened), queryFn: async () => (await getDashboardData(labels.opened, {}, false)).data });
  }
  void queryClient
    .fetchQuery({ queryKey: dashboardsKey, queryFn: async () => (await listDashboards()).data })
    .then(async (all) => {
      const opening = all.find((d) => d.id === landing) ?? all[0];
      if (!opening) return;
      const id = opening.id;
      // The charts' library is the page's largest chunk; it would otherwise load once a chart renders.
      if (opening.widgets.some((w) => w.kind === 'chart')) void import('../report/components/echartsSetup').catch(() => undefined);
      const data = await queryClient.fetchQuery({ queryKey: dashboardDataKey(id), queryFn: async () => (await getDashboardData(id, {})).data });
      const needed = await preloadLabels(queryClient, data, language);
      onLabels?.({ opened: id, ...needed });
    })
    .catch(() => undefined);
}
