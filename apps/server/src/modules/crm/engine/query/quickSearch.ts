import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../../../lib/listQuery';
import { searchTextWithout } from '../../../../db/schema/crmRecords';
import { moduleSeedOf } from '../crmModules';
import type { ModuleDef } from '../metadata/moduleDef';
import { col } from './sql';

/**
 * Shorter than this, a term yields no trigram (pg_trgm reads "li" or "王伟" as no full trigram when
 * text may surround it), so a contains-match could not use the trigram index and would read every
 * row: such a term matches the start of a word instead, which the index serves (a word's start
 * is padded: "  l", " li").
 */
const TRIGRAM = 3;

/** The LIKE patterns a search term matches text by: anywhere, or (a short term) at a word's start. */
function patternsOf(q: string): string[] {
  const text = q.toLowerCase();
  if (Array.from(text).length >= TRIGRAM) return [containsPattern(text)];
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return [`${escaped}%`, `% ${escaped}%`];
}

/**
 * The text a reader may find records by, when it is not the table's `search_text`: the reader's
 * view of the module (`def`, as fieldSecurity/fieldAccess.ts `securedDef` makes it) lacks a
 * standard searchable field, hidden from their role, and this is `search_text` without it
 * (recomputed per row). Undefined: `search_text` is all theirs to match.
 */
export function visibleSearchText(def: ModuleDef, alias?: string): SQL | undefined {
  const seed = moduleSeedOf(def.module);
  const hidden = seed.fields.filter((f) => f.searchable && !def.byName.has(f.name)).map((f) => f.name);
  return hidden.length ? searchTextWithout(seed, new Set(hidden), alias) : undefined;
}

/** `search_text` (of the table `alias`) matches the LIKE pattern in what the reader may see of it (`def`: their view of the module). */
export function searchTextMatches(def: ModuleDef, pattern: string, alias?: string): SQL {
  const column = alias ? sql`${sql.identifier(alias)}.search_text` : sql`search_text`;
  const visible = visibleSearchText(def, alias);
  return visible ? sql`(${column} like ${pattern} and ${visible} like ${pattern})` : sql`${column} like ${pattern}`;
}

/**
 * A quick (or global) search: the standard searchable fields through the table's generated,
 * trigram-indexed `search_text`, and the searchable custom text fields through their own trigram
 * indexes (a custom column is added at run time; the generated column is the schema's and is not
 * rebuilt, which would rewrite the table). `def` is the reader's view of the module: a custom
 * field hidden from their role is not in it, and a hidden standard one is taken out of what
 * `search_text` matched — the index still finds the candidates, a recheck on the visible text
 * (`visibleSearchText`) keeps those matching there: a hidden field neither matches nor shows.
 */
export function quickSearch(def: ModuleDef, q: string): SQL {
  const patterns = patternsOf(q);
  const custom = def.fields.filter((f) => !f.standard && f.searchable);
  const matches = [
    ...patterns.map((p) => searchTextMatches(def, p)),
    ...custom.flatMap((f) => patterns.map((p) => sql`${col(f.column)} ilike ${p}`)),
  ];
  return matches.length === 1 ? matches[0]! : sql`(${sql.join(matches, sql` or `)})`;
}
