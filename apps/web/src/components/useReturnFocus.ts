import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Gives the focus back to the control that opened a drawer as it closes (WCAG 2.4.3). antd's own
 * restore waits for the end of the closing animation, which a drawer destroyed on hide does not
 * always report: a keyboard user who had tabbed into the drawer was left on the page's body.
 */
export function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect: it runs before the drawer's own effects move the focus inside it.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [open]);
  useEffect(() => {
    const target = opener.current;
    if (open || !target) return;
    opener.current = null;
    // Still inside the closing drawer (its content goes next) or already on the body: lost either way.
    const current = document.activeElement;
    const lost = !current || current === document.body || !!current.closest('.ant-drawer');
    if (lost && target.isConnected) target.focus();
  }, [open]);
}
