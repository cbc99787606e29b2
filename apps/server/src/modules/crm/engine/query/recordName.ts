import { sql, type SQL } from 'drizzle-orm';
import type { ModuleDef } from '../metadata/metadataStore';
import { col } from './sql';

/**
 * The display name of a record in SQL: its name field, or a person's name from its parts — "Olivia
 * Park" (given name first, with a space), or "王伟" (family name first, no space) when a part is
 * written in Chinese characters, as the web app writes names. `alias`: the table's alias in a join.
 */
export function nameExpression(def: ModuleDef, alias?: string): SQL {
  const column = (name: string) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(name)}` : col(name));
  const columns = def.nameFields.map((name) => column(def.byName.get(name)?.column ?? name));
  if (columns.length === 1) return sql`coalesce(${columns[0]}, '')`;
  const [given, family] = columns as [SQL, SQL];
  return sql`case when concat(${given}, ${family}) ~ '[\u4e00-\u9fff]' then concat(${family}, ${given}) else concat_ws(' ', ${given}, ${family}) end`;
}
