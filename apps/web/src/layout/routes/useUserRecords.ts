import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserRecordItem, UserRecordRef } from '@orbit/shared/contract/userRecords';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { addFavourite, getFavourites, getRecentRecords, recordView, removeFavourite } from '../../api/userRecords';
import { useSession } from '../../store/session';
import { hasPermission } from '../../utils/permission';

export const recentKey = ['crm-recent'] as const;
export const favouritesKey = ['crm-favourites'] as const;
/** My day's answer carries both lists too: it is fetched again when either changes. */
export const myDayKey = ['crm-my-day'] as const;

/** The user may open records of some module (what both lists are made of). */
function useMayOpenRecords(): boolean {
  const session = useSession();
  return CRM_MODULES.some((m) => hasPermission(session, PERMISSIONS[m].query));
}

/** The signed-in user's recently viewed records, newest first (empty for a user who opens no records). */
export function useRecentRecords() {
  const may = useMayOpenRecords();
  return useQuery({ queryKey: recentKey, queryFn: async () => (await getRecentRecords()).data, enabled: may });
}

/** The signed-in user's favourites, newest first. */
export function useFavourites() {
  const may = useMayOpenRecords();
  return useQuery({ queryKey: favouritesKey, queryFn: async () => (await getFavourites()).data, enabled: may });
}

/** Remembers that this record's detail page was opened (once per record shown; a failure stays quiet). */
export function useRecordView(module: CrmModule, id: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!Number.isSafeInteger(id) || id <= 0) return;
    void recordView({ module, id })
      .then(() => Promise.all([queryClient.invalidateQueries({ queryKey: recentKey }), queryClient.invalidateQueries({ queryKey: myDayKey })]))
      .catch(() => undefined);
  }, [module, id, queryClient]);
}

export const isFavourite = (list: UserRecordItem[] | undefined, { module, id }: UserRecordRef) => !!list?.some((f) => f.module === module && f.id === id);

/** Stars or un-stars a record; the lists that show favourites are fetched again after. */
export function useToggleFavourite(ref: UserRecordRef) {
  const queryClient = useQueryClient();
  const favourites = useFavourites();
  const starred = isFavourite(favourites.data, ref);
  const toggle = useMutation({
    mutationFn: () => (starred ? removeFavourite(ref) : addFavourite(ref)),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: favouritesKey }), queryClient.invalidateQueries({ queryKey: myDayKey })]),
  });
  return { starred, ready: favourites.isSuccess, toggle };
}
