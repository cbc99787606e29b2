import { createContext } from 'react';

/** The key of the tab a page is rendered in (store/tagsView tabKeyOf): what usePageTitle names. */
export const TabContext = createContext<string | null>(null);
