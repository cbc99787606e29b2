import type { QueryClient } from '@tanstack/react-query';
import type { ModuleMeta } from '@orbit/shared/contract/crm';
import { isCrmModule } from '@orbit/shared/crm/modules';
import { getModuleMeta, getRecord } from '../../../api/crm';
import { getDictValues } from '../../../api/system/dict';
import { dictQueryKey } from '../../../components/dict/useDict';
import { recordKey } from './detail/recordQuery';
import { moduleMetaKey } from './useModuleMeta';

/** A records-engine page by its view path: a module's list (`crm/leads/index`) or record page (`crm/leads/detail`). */
const RECORD_PAGE = /^crm\/([a-z]+)\/(index|detail)$/;

/** The dictionaries whose labels the page draws: the first view's columns on a list, every field on a record page. */
function dictTypesOf(meta: ModuleMeta, kind: 'index' | 'detail'): string[] {
  const shown = kind === 'index' ? new Set(meta.listViews[0]?.columns ?? meta.nameFields) : null;
  return [...new Set(meta.fields.filter((f) => f.dictType && (!shown || shown.has(f.name))).map((f) => f.dictType!))];
}

/**
 * Asks for what a records page needs first as soon as its route is known — while its code is still
 * loading — instead of in a chain after it renders (issue 36, item 15: a full load of a list waited
 * for its chunk, then the metadata, then the rows, then the dictionaries). The metadata and, on a
 * record page, the record go at once; the dictionaries its fields name as soon as the metadata is in,
 * beside the rows rather than after them. The page's own queries find these answers in the cache (or
 * in flight) under the same keys; on a list, its first page of rows goes with the dictionaries.
 * Anything else is left alone.
 */
export function preloadRecordPage(queryClient: QueryClient, component: string, search: URLSearchParams, language: string): void {
  const match = RECORD_PAGE.exec(component);
  const module = match?.[1];
  if (!match || !isCrmModule(module)) return;
  const kind = match[2] as 'index' | 'detail';
  if (kind === 'detail') {
    const id = Number(search.get('id'));
    if (Number.isSafeInteger(id) && id > 0) void queryClient.prefetchQuery({ queryKey: recordKey(module, id, language), queryFn: () => getRecord(module, id) });
  }
  void queryClient
    .fetchQuery({ queryKey: moduleMetaKey(module, language), queryFn: async () => (await getModuleMeta(module)).data, staleTime: Infinity })
    .then((meta) => {
      // A list's first page, beside its dictionaries rather than after the page renders; not when the
      // list opens on a filter from its address (`?filter=`: another page of rows). Its query comes
      // with the list's code (which the route is loading already): imported here statically, it
      // would bring every module's row parts into the signed-in shell's chunk.
      if (kind === 'index' && !search.has('filter')) {
        void import('./list/useRecordListController').then(({ firstPageQuery }) => queryClient.prefetchQuery(firstPageQuery(module, meta))).catch(() => undefined);
      }
      for (const dictType of dictTypesOf(meta, kind)) {
        void queryClient.prefetchQuery({ queryKey: dictQueryKey(dictType, language), queryFn: async () => (await getDictValues(dictType)).data, staleTime: Infinity });
      }
    })
    // Not the page's answer to give: the page asks again and shows its own error.
    .catch(() => undefined);
}
