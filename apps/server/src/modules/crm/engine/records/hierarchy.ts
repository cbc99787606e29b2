import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';
import { col, rowsOf, tableOf } from '../query/sql';

/**
 * A module's hierarchy field: a lookup of the module to itself (parent account, parent campaign).
 * Any such field is a hierarchy, whatever module declares it; the first one is the tree the detail page draws.
 */
export const hierarchyFields = (def: ModuleDef): FieldDef[] => def.fields.filter((f) => f.type === 'lookup' && f.lookupModule === def.module);

/**
 * Whether `recordId` is `parentId` or one of its ancestors through `field`, i.e. whether making
 * `parentId` its parent would close a loop. The walk up is one recursive statement over every row,
 * deleted ones too (a record in the recycle bin comes back with its parent) and regardless of the
 * caller's scope (a loop is a loop whoever can see it); `union` drops rows already seen, so even a
 * loop already in the table ends the walk.
 */
export async function isOwnAncestor(db: Executor, def: ModuleDef, field: FieldDef, recordId: number, parentId: number): Promise<boolean> {
  const table = tableOf(def.table);
  const parent = col(field.column);
  const rows = await rowsOf(
    db,
    sql`with recursive up(id) as (
          select ${parentId}::bigint
          union
          select t.${parent} from ${table} t join up on t.id = up.id where t.${parent} is not null
        ) select 1 from up where id = ${recordId} limit 1`,
  );
  return rows.length > 0;
}
