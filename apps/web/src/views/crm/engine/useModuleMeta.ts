import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { getModuleMeta, metaVersionSeen } from '../../../api/crm';

/** Query key of a module's metadata; labels are in the request's language, so it is part of the key. */
export const moduleMetaKey = (module: CrmModule, language?: string) => (language ? ['crm-meta', module, language] : ['crm-meta', module]);

/**
 * A module's metadata (fields, record types, layouts, list views, related lists), kept for the
 * session and fetched again as soon as any answer carries a newer `Meta-Version`. Not `enabled`:
 * not fetched (the user may not read that module).
 */
export function useModuleMeta(module: CrmModule, enabled = true) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: moduleMetaKey(module, i18n.language),
    queryFn: async () => (await getModuleMeta(module)).data,
    staleTime: Infinity,
    enabled,
    // A language switch keeps the page (and its list state) on screen until the new labels arrive.
    placeholderData: keepPreviousData,
  });
  const seen = metaVersionSeen.use();
  const loaded = query.data?.version;
  useEffect(() => {
    // Versions only grow; several components read the same metadata and share one refetch.
    if (loaded !== undefined && seen !== null && seen > loaded) {
      void queryClient.invalidateQueries({ queryKey: moduleMetaKey(module) }, { cancelRefetch: false });
    }
  }, [seen, loaded, module, queryClient]);
  return query;
}
