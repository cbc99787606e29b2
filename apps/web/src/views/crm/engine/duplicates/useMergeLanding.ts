import { useQueryClient, type Query } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { relatedListsKey } from '../detail/RelatedList';
import { useRecordLink } from '../useRecordLink';

/**
 * Every CRM record query (records, lists, history, related lists, roles, members…; their keys
 * start with `crm`), but not the modules' metadata: a merge moves the merged records' children,
 * roles, campaign memberships and history to the survivor and puts the merged ones in the bin.
 */
const isRecordQuery = ({ queryKey: [key] }: Query) => typeof key === 'string' && key.startsWith('crm') && !key.startsWith('crm-meta') && key !== 'crm-record-types';

/** A query about one of the merged records (`['crm-record', module, id, …]`, its related lists…). */
const aboutMerged = (module: CrmModule, mergedIds: number[]) => ({ queryKey }: Query) => {
  const [key] = queryKey;
  if (typeof key === 'string' && mergedIds.some((id) => key.startsWith(relatedListsKey(module, id)))) return true;
  return queryKey.includes(module) && queryKey.some((part) => typeof part === 'number' && mergedIds.includes(part));
};

/**
 * Where the user lands after a merge started from the record form: the survivor's detail page,
 * with every record query fetched again. The merged records' own queries are dropped rather than
 * fetched again (they would answer "not found"), and leaving a merged record's page replaces it in
 * the browser's history, so that "back" does not return to a record now in the recycle bin.
 */
export function useMergeLanding(module: CrmModule): (survivorId: number, mergedIds: number[]) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const linkOf = useRecordLink();
  return async (survivorId, mergedIds) => {
    const link = linkOf(module, survivorId);
    const here = location.pathname + location.search;
    if (link) void navigate(link, { replace: mergedIds.some((id) => linkOf(module, id) === here) });
    queryClient.removeQueries({ predicate: aboutMerged(module, mergedIds) });
    await queryClient.invalidateQueries({ predicate: isRecordQuery });
  };
}
