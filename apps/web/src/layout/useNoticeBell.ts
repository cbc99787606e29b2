import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getTopNotices, markNoticeRead, markNoticesRead } from '../api/system/notice';

/** How often the bell asks for new notices (and whenever the window gets the focus back). */
export const NOTICE_POLL_MS = 60_000;
export const noticesKey = ['system-notice-top'];

/**
 * The notices addressed to the signed-in user (the newest, each read or not, and how many are
 * unread), asked for every minute and on focus, with marking read. Every signed-in user has it.
 */
export function useNoticeBell() {
  const queryClient = useQueryClient();
  const notices = useQuery({
    queryKey: noticesKey,
    queryFn: getTopNotices,
    refetchInterval: NOTICE_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  const changed = () => void queryClient.invalidateQueries({ queryKey: noticesKey });
  const markRead = useMutation({ mutationFn: (noticeId: number) => markNoticeRead(noticeId), onSettled: changed });
  const markAllRead = useMutation({ mutationFn: () => markNoticesRead(), onSettled: changed });
  return { notices, markRead, markAllRead };
}
