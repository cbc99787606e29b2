import { createContext, useContext } from 'react';
import type { MenuPage } from './routes/menuModel';

/** The menu entry of the page being rendered (its name, title, component path). */
export const PageContext = createContext<MenuPage | null>(null);

export function useCurrentPage(): MenuPage | null {
  return useContext(PageContext);
}
