import { useContext, useEffect } from 'react';
import { labelView } from '../store/tagsView';
import { TabContext } from './TabContext';

/**
 * A page names its tab, and so the browser's title, after what it shows (a record's name) rather
 * than its menu entry ("Lead Detail"). Undefined (still loading) keeps the menu title; the shell
 * writes `document.title` from the active tab's name (PageHost).
 */
export function usePageTitle(title: string | null | undefined): void {
  const key = useContext(TabContext);
  useEffect(() => {
    if (key && title) labelView(key, title);
  }, [key, title]);
}
