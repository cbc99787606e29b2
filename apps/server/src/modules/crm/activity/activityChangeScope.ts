import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_NAME_MODULES, ACTIVITY_RELATED_MODULES } from '@orbit/shared/crm/activities';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { moduleSeedOf } from '../engine/crmModules';
import { sharedWith, writeScope } from '../engine/query/recordAccess';

/** The activity's pointer columns (`name`, `relatedTo`) and the modules each may name. */
const POINTERS: Array<{ column: string; modules: CrmModule[] }> = [
  { column: 'name', modules: ACTIVITY_NAME_MODULES },
  { column: 'related_to', modules: ACTIVITY_RELATED_MODULES },
];

/**
 * Who may change (edit, delete) an activity: its author, whoever it is shared with read/write (or
 * everyone, when Set-up › Sharing makes activities public read/write), or an editor of a record it
 * names — who holds that module's edit permission and may write the record (the access predicate
 * at `write`: a read-only share of the record lets one read its activities, not change them).
 * Administrators change any. One SQL condition on the activity's row, so a write locks only what
 * it may change and the timeline marks the entries its reader may change (`alias`: the activity
 * table's alias).
 */
export function activityChangeScope(user: CurrentUser, alias?: string): SQL | undefined {
  if (user.isAdmin) return undefined;
  if (user.moduleAccess?.activity === 'readwrite') return undefined;
  // The activity's own role scope is not a reason (a manager changes an activity through what it names); a share of it is.
  const shared = user.sharedModules?.includes('activity') ? [sharedWith(user, 'activity', 'write', alias)] : [];
  const column = (name: string) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(name)}` : sql`${sql.identifier(name)}`);
  const editorOf = POINTERS.flatMap(({ column: pointer, modules }) =>
    modules
      .filter((module) => hasPermission(user, PERMISSIONS[module].edit))
      .map((module) => {
        const scope = writeScope(user, module, 'named');
        return sql`(${column(`${pointer}_module`)} = ${module} and exists (select 1 from ${sql.identifier(moduleSeedOf(module).table)} named
          where named.id = ${column(`${pointer}_id`)} and named.deleted_at is null${scope ? sql` and ${scope}` : sql``}))`;
      }),
  );
  return sql`(${sql.join([sql`${column('create_by')} = ${user.userId}`, ...shared, ...editorOf], sql` or `)})`;
}
