import { sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../../../lib/listQuery';
import type { ModuleDef } from '../metadata/moduleDef';
import { col } from './sql';

/**
 * A quick (or global) search: the standard searchable fields through the table's generated,
 * trigram-indexed `search_text`, and the searchable custom text fields through their own trigram
 * indexes (a custom column is added at run time; the generated column is the schema's and is not
 * rebuilt, which would rewrite the table).
 */
export function quickSearch(def: ModuleDef, q: string): SQL {
  const pattern = containsPattern(q.toLowerCase());
  const custom = def.fields.filter((f) => !f.standard && f.searchable);
  if (!custom.length) return sql`search_text like ${pattern}`;
  return sql`(search_text like ${pattern} or ${sql.join(
    custom.map((f) => sql`${col(f.column)} ilike ${pattern}`),
    sql` or `,
  )})`;
}
