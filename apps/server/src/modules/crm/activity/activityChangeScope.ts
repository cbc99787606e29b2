import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_NAME_MODULES, ACTIVITY_RELATED_MODULES } from '@orbit/shared/crm/activities';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { moduleSeedOf } from '../engine/crmModules';
import { recordScope } from '../engine/query/recordScope';

/** The activity's pointer columns (`name`, `relatedTo`) and the modules each may name. */
const POINTERS: Array<{ column: string; modules: CrmModule[] }> = [
  { column: 'name', modules: ACTIVITY_NAME_MODULES },
  { column: 'related_to', modules: ACTIVITY_RELATED_MODULES },
];

/**
 * Who may change (edit, delete) an activity: its author, or an editor of a record it names — who
 * holds that module's edit permission and may see the record (its data scope). Administrators
 * change any. One SQL condition on the activity's row, so a write locks only what it may change
 * and the timeline marks the entries its reader may change (`alias`: the activity table's alias).
 */
export function activityChangeScope(user: CurrentUser, alias?: string): SQL | undefined {
  if (user.isAdmin) return undefined;
  const column = (name: string) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(name)}` : sql`${sql.identifier(name)}`);
  const editorOf = POINTERS.flatMap(({ column: pointer, modules }) =>
    modules
      .filter((module) => hasPermission(user, PERMISSIONS[module].edit))
      .map((module) => {
        const scope = recordScope(user, 'named');
        return sql`(${column(`${pointer}_module`)} = ${module} and exists (select 1 from ${sql.identifier(moduleSeedOf(module).table)} named
          where named.id = ${column(`${pointer}_id`)} and named.deleted_at is null${scope ? sql` and ${scope}` : sql``}))`;
      }),
  );
  return sql`(${sql.join([sql`${column('create_by')} = ${user.userId}`, ...editorOf], sql` or `)})`;
}
