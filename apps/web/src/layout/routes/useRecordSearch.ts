import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GlobalSearchHit } from '@orbit/shared/contract/crm';
import { CRM_MODULES } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { searchRecords } from '../../api/crmSearch';
import { useSession } from '../../store/session';
import { hasPermission } from '../../utils/permission';

/** Records are searched from two characters on (one finds too much to be of use), up to what the server takes. */
export const RECORD_SEARCH_MIN = 2;
const RECORD_SEARCH_MAX = 100;
/** Typing pauses this long before the server is asked. */
export const RECORD_SEARCH_DELAY_MS = 250;

/**
 * Records of every module the user may list that match what is typed (name, company, e-mail,
 * phone; `GET /crm/search`, within data scope), asked once typing pauses.
 */
export function useRecordSearch(query: string): { hits: GlobalSearchHit[]; searching: boolean } {
  const { i18n } = useTranslation();
  const session = useSession();
  const mayList = CRM_MODULES.some((m) => hasPermission(session, PERMISSIONS[m].list));
  const typed = query.trim();
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed), RECORD_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const q = asked.length >= RECORD_SEARCH_MIN && asked.length <= RECORD_SEARCH_MAX ? asked : '';
  const found = useQuery({
    queryKey: ['crm-search', q, i18n.language],
    queryFn: async () => (await searchRecords(q)).data,
    enabled: mayList && q !== '',
    // While the next answer comes, the last one stays (no flicker between keystrokes).
    placeholderData: keepPreviousData,
  });
  const wanted = mayList && typed.length >= RECORD_SEARCH_MIN;
  return { hits: wanted && q ? (found.data ?? []) : [], searching: wanted && (typed !== asked || found.isFetching) };
}
