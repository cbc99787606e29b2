import type { GlobalSearchHit } from '@orbit/shared/contract/crm';
import type { UserRecordItem } from '@orbit/shared/contract/userRecords';
import type { CrmModule } from '@orbit/shared/crm/modules';

/** One result of the search palette: where it leads, what it is called, and what tells it apart. */
export type SearchItem = { path: string; title: string; detail?: string; module?: CrmModule };
/** Results under a heading: the records found (best first), then the pages. */
export type SearchGroup = { key: 'records' | 'pages' | 'favourites' | 'recent'; label: string; items: SearchItem[] };

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

type UserRecordOptions = {
  favourites: UserRecordItem[];
  recent: UserRecordItem[];
  linkOf: Options['linkOf'];
  label: (key: 'favourites' | 'recent') => string;
};

/**
 * What the palette offers before anything is typed: the user's favourites, then their recently
 * viewed records that are not among them (each record once: Enter on it opens the same page).
 */
export function userRecordGroups({ favourites, recent, linkOf, label }: UserRecordOptions): SearchGroup[] {
  const itemsOf = (list: UserRecordItem[]): SearchItem[] =>
    list.flatMap((r) => {
      const path = linkOf(r.module, r.id);
      return path ? [{ path, title: r.name || `#${r.id}`, module: r.module }] : [];
    });
  const starred = new Set(favourites.map((f) => `${f.module}:${f.id}`));
  return [
    { key: 'favourites' as const, label: label('favourites'), items: itemsOf(favourites) },
    { key: 'recent' as const, label: label('recent'), items: itemsOf(recent.filter((r) => !starred.has(`${r.module}:${r.id}`))) },
  ].filter((group) => group.items.length > 0);
}
