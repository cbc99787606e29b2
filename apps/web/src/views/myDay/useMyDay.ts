import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getMyDay } from '../../api/myDay';
import { myDayKey } from '../../layout/routes/useUserRecords';

/** The signed-in user's day, in the page's language (stage and status labels are the server's). */
export function useMyDay() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: [...myDayKey, i18n.language], queryFn: async () => (await getMyDay()).data });
}
