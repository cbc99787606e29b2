import { sql, type SQL } from 'drizzle-orm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { moduleSeedOf } from '../crmModules';

/**
 * "Any of these users takes part in the row" for a module with participants (a meeting's user
 * attendees; moduleSeed.ts `participants`), on the module table's `id` (`alias`: the table's
 * alias); undefined for a module without. The ids are read first (`= any(array(…))`), so the
 * planner can OR it with an owner index as a bitmap of the primary key rather than scan the table.
 */
export function participantOf(module: CrmModule, userIds: number | number[], alias?: string): SQL | undefined {
  const participants = moduleSeedOf(module).participants;
  if (!participants) return undefined;
  const ids = Array.isArray(userIds) ? userIds : [userIds];
  const [table, record, user] = [sql.identifier(participants.table), sql.identifier(participants.recordColumn), sql.identifier(participants.userColumn)];
  const id = alias ? sql`${sql.identifier(alias)}.id` : sql`id`;
  return sql`${id} = any(array(select ${record} from ${table} where ${user} in ${ids}))`;
}
