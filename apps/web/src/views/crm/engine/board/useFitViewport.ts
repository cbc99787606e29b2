import { useLayoutEffect, useState } from 'react';

/** The least height it takes, however little room the window leaves (the page then scrolls). */
const MIN_HEIGHT = 320;

/**
 * The height that lets an element end at the window's bottom when the page is scrolled to its top:
 * a board then scrolls within itself, its column headers in view, and the page does not scroll
 * as well. Measured again when the window or the element's surroundings change size (a toolbar
 * wrapping, the filter builder opening above it). Undefined until measured, while hidden (a
 * background tab's page) and when `enabled` is false (a phone, whose stylesheet sizes the board
 * to the screen below the header: the toolbar scrolls away above it).
 * Answers the ref callback to put on the element and the height.
 */
export function useFitViewport(enabled: boolean): [(element: HTMLElement | null) => void, number | undefined] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    if (!element || !enabled) {
      setHeight(undefined);
      return;
    }
    const measure = () => {
      if (!element.offsetParent) return;
      const box = element.getBoundingClientRect();
      const top = box.top + window.scrollY;
      // What the page puts below it: its containers' bottom padding, borders and margins.
      let below = 0;
      for (let e: HTMLElement | null = element; e && e !== document.body; e = e.parentElement) {
        const style = getComputedStyle(e);
        below += parseFloat(style.marginBottom) + (e === element ? 0 : parseFloat(style.paddingBottom) + parseFloat(style.borderBottomWidth));
      }
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - below)));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [element, enabled]);
  return [setElement, height];
}
