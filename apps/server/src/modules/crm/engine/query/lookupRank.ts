import { sql, type SQL } from 'drizzle-orm';
import type { ModuleDef } from '../metadata/moduleDef';
import { nameExpression } from './recordName';

/** `like` text matching `text` as written (its wildcards and escape character taken literally). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * How well a record's name matches what a lookup picker's user typed, best first: 0 the name is
 * it; 1 the name starts with it, or one of its words is it (a family name: "Moore" → George
 * Moore); 2 one of its words starts with it; 3 it was found elsewhere (the company "Moore & Co",
 * an e-mail). The picker sorts by this, then by the name's trigram similarity, so that the people
 * named what was typed come before those merely working somewhere named so.
 */
export function lookupRank(def: ModuleDef, q: string): SQL {
  const name = sql`lower(${nameExpression(def)})`;
  const typed = q.trim().toLowerCase();
  const e = literal(typed);
  return sql`case when ${name} = ${typed} then 0
    when ${name} like ${`${e}%`} or (' ' || ${name} || ' ') like ${`% ${e} %`} then 1
    when ${name} like ${`% ${e}%`} then 2
    else 3 end`;
}

/** The name's trigram similarity to what was typed (pg_trgm), the order within a rank. */
export const nameSimilarity = (def: ModuleDef, q: string): SQL => sql`similarity(lower(${nameExpression(def)}), ${q.trim().toLowerCase()})`;
