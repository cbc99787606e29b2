import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskRemindersBody } from '@orbit/shared/contract/taskReminders';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { dismissTaskReminders, getTaskReminders, markTaskRemindersRead } from '../../../../api/taskReminders';
import { useHasPermission } from '../../../../utils/permission';

/** How often the bell asks for due reminders (and whenever the window gets the focus back). */
export const REMINDER_POLL_MS = 60_000;
export const remindersKey = ['crm-task-reminders'];

/**
 * The signed-in user's due task reminders, asked for every minute and on focus (the server keeps
 * no timers: a reminder is due once its time has passed), with marking read and dismissing.
 */
export function useTaskReminders() {
  const queryClient = useQueryClient();
  const allowed = useHasPermission([PERMISSIONS.task.list, PERMISSIONS.task.query]);
  const reminders = useQuery({
    queryKey: remindersKey,
    queryFn: getTaskReminders,
    enabled: allowed,
    refetchInterval: REMINDER_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  const changed = () => void queryClient.invalidateQueries({ queryKey: remindersKey });
  const markRead = useMutation({ mutationFn: (body: TaskRemindersBody) => markTaskRemindersRead(body), onSettled: changed });
  const dismiss = useMutation({ mutationFn: (body: TaskRemindersBody) => dismissTaskReminders(body), onSettled: changed });
  return { allowed, reminders, markRead, dismiss };
}
