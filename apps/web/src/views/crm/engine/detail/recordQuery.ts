import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { getRecord } from '../../../../api/crm';

/** Query key of one record (with the names its lookups point at, in the current language). */
export const recordKey = (module: CrmModule, id: number, language?: string) => (language ? ['crm-record', module, id, language] : ['crm-record', module, id]);

export function useRecord(module: CrmModule, id: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: recordKey(module, id, i18n.language),
    queryFn: () => getRecord(module, id),
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 0,
  });
}
