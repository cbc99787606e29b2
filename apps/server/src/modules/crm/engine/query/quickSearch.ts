import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../../../lib/listQuery';
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
 * A quick (or global) search: the standard searchable fields through the table's generated,
 * trigram-indexed `search_text`, and the searchable custom text fields through their own trigram
 * indexes (a custom column is added at run time; the generated column is the schema's and is not
 * rebuilt, which would rewrite the table).
 */
export function quickSearch(def: ModuleDef, q: string): SQL {
  const patterns = patternsOf(q);
  const custom = def.fields.filter((f) => !f.standard && f.searchable);
  const matches = [
    ...patterns.map((p) => sql`search_text like ${p}`),
    ...custom.flatMap((f) => patterns.map((p) => sql`${col(f.column)} ilike ${p}`)),
  ];
  return matches.length === 1 ? matches[0]! : sql`(${sql.join(matches, sql` or `)})`;
}
