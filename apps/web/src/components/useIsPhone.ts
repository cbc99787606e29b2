import { useSyncExternalStore } from 'react';

/**
 * Below 768 px wide the product is used as on a phone (lists as cards, forms full-screen, a board one
 * column at a time). The same width as the stylesheets' `@media (max-width: 767.98px)`. The
 * layout's own mobile mode (sidebar over the content) starts wider, below 992 px (SPEC §9).
 */
const PHONE = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the window is phone-sized now; follows it as it changes (a turned phone, a resized window). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE).matches);
}
