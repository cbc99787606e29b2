import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RemindersBody } from '@orbit/shared/contract/reminders';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { dismissReminders, getReminders, markRemindersRead } from '../../../api/reminders';
import { useHasPermission } from '../../../utils/permission';

/** How often the bell asks for due reminders (and whenever the window gets the focus back). */
export const REMINDER_POLL_MS = 60_000;
export const remindersKey = ['crm-reminders'];

/** Who has reminders: whoever may see tasks or activities (the server answers each module's to those who may list it). */
const REMINDER_READERS = [PERMISSIONS.task.list, PERMISSIONS.task.query, PERMISSIONS.activity.list, PERMISSIONS.activity.query];

/**
 * The signed-in user's due reminders (tasks, meetings), asked for every minute and on focus (the
 * server keeps no timers: a reminder is due once its time has passed), with marking read and dismissing.
 */
export function useReminders() {
  const queryClient = useQueryClient();
  const allowed = useHasPermission(REMINDER_READERS);
  const reminders = useQuery({
    queryKey: remindersKey,
    queryFn: getReminders,
    enabled: allowed,
    refetchInterval: REMINDER_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  const changed = () => void queryClient.invalidateQueries({ queryKey: remindersKey });
  const markRead = useMutation({ mutationFn: (body: RemindersBody) => markRemindersRead(body), onSettled: changed });
  const dismiss = useMutation({ mutationFn: (body: RemindersBody) => dismissReminders(body), onSettled: changed });
  return { allowed, reminders, markRead, dismiss };
}
