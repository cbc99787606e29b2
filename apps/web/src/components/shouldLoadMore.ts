/** Distance from the end of a dropdown list (px) at which the next page is fetched. */
export const LOAD_MORE_THRESHOLD_PX = 20;

/** True when a scrolled list has reached its end and more options remain to be loaded. */
export function shouldLoadMore(
  list: { scrollTop: number; clientHeight: number; scrollHeight: number },
  state: { loaded: number; total: number; loading: boolean },
): boolean {
  if (state.loading || state.loaded >= state.total) return false;
  return list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_THRESHOLD_PX;
}
