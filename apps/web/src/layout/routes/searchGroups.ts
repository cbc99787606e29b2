import type { GlobalSearchHit } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';

/** One result of the search palette: where it leads, what it is called, and what tells it apart. */
export type SearchItem = { path: string; title: string; detail?: string; module?: CrmModule };
/** Results under a heading: the records found (best first), then the pages. */
export type SearchGroup = { key: 'records' | 'pages'; label: string; items: SearchItem[] };

type Options = {
  pages: SearchItem[];
  hits: GlobalSearchHit[];
  /** A record's detail page, or null when the user's menu has none (then it is not offered). */
  linkOf: (module: CrmModule, id: number) => string | null;
  label: (key: SearchGroup['key']) => string;
  /** The full results page for what was typed, offered after the records ("See all results"). */
  allResults?: SearchItem;
};

/** A hit's key details as one line: "Account: Contoso Ltd · Stage: Prospecting · Owner: Olivia Park". */
export const keyDetailsLine = (hit: GlobalSearchHit): string =>
  hit.details.length ? hit.details.map((d) => `${d.label}: ${d.value}`).join(' · ') : hit.detail;

/**
 * The palette's results: the records in the server's relevance order across modules (so Enter
 * opens the best one), the full results page, then the pages the menu search found.
 */
export function searchGroups({ pages, hits, linkOf, label, allResults }: Options): SearchGroup[] {
  const records: SearchItem[] = hits.flatMap((hit) => {
    const path = linkOf(hit.module, hit.id);
    return path ? [{ path, title: hit.label || `#${hit.id}`, detail: keyDetailsLine(hit) || undefined, module: hit.module }] : [];
  });
  const withAll = records.length && allResults ? [...records, allResults] : records;
  return [
    { key: 'records' as const, label: label('records'), items: withAll },
    { key: 'pages' as const, label: label('pages'), items: pages },
  ].filter((group) => group.items.length > 0);
}
