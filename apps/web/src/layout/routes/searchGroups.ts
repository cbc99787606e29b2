import type { GlobalSearchHit } from '@orbit/shared/contract/crm';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';

/** One result of the search palette: where it leads, what it is called, and what tells it apart. */
export type SearchItem = { path: string; title: string; detail?: string };
/** Results under a heading: the pages, then the records of each module. */
export type SearchGroup = { key: 'pages' | CrmModule; label: string; items: SearchItem[] };

type Options = {
  pages: SearchItem[];
  hits: GlobalSearchHit[];
  /** A record's detail page, or null when the user's menu has none (then it is not offered). */
  linkOf: (module: CrmModule, id: number) => string | null;
  label: (key: SearchGroup['key']) => string;
};

/** The palette's results: pages first (as the menu search found them), then records grouped by module in the menu's order. */
export function searchGroups({ pages, hits, linkOf, label }: Options): SearchGroup[] {
  const records = CRM_MODULES.map((module): SearchGroup => ({
    key: module,
    label: label(module),
    items: hits.flatMap((hit) => {
      const path = hit.module === module ? linkOf(module, hit.id) : null;
      return path ? [{ path, title: hit.label || `#${hit.id}`, detail: hit.detail || undefined }] : [];
    }),
  }));
  return [{ key: 'pages' as const, label: label('pages'), items: pages }, ...records].filter((group) => group.items.length > 0);
}
