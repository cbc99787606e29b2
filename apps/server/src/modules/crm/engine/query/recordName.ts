import { sql, type SQL } from 'drizzle-orm';
import type { CurrentUser } from '../../../auth/currentUser';
import type { ModuleDef } from '../metadata/moduleDef';
import { recordAccess } from './recordAccess';
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

/**
 * THE rule of what a viewer may know of a record another record points at (a lookup, a related
 * record, a parent, a report's related module): whether they may see its name, as a condition on
 * its row (`alias` as for nameExpression; undefined: every record). A record's name is seen
 * wherever the viewer may read the record (query/recordAccess.ts: data scope, module default, share). A record it refuses is "restricted": its id without a
 * name, shown as "Restricted record" without a link (docs/decisions.md, 2026-11-28).
 */
export function mayNameRecord(viewer: CurrentUser, def: ModuleDef, alias?: string): SQL | undefined {
  return recordAccess(viewer, def.module, 'read', alias);
}

/** A record's display name as `viewer` may see it: its name, or null when restricted (mayNameRecord). */
export function nameSeenBy(viewer: CurrentUser, def: ModuleDef, alias?: string): SQL {
  const visible = mayNameRecord(viewer, def, alias);
  return visible ? sql`case when ${visible} then ${nameExpression(def, alias)} end` : nameExpression(def, alias);
}
