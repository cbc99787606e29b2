import { sql, type SQL } from 'drizzle-orm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { PERMISSIONS } from '@orbit/shared/permissions';
import { hasPermission, type CurrentUser } from '../../auth/currentUser';
import { moduleSeeds } from '../engine/crmModules';
import type { FieldDef } from '../engine/metadata/fieldDef';
import type { MetadataStore, ModuleDef } from '../engine/metadata/moduleDef';
import type { ReminderSourceSeed } from '../engine/moduleSeed';
import { participantOf } from '../engine/query/participants';
import { readScope } from '../engine/query/recordAccess';
import { col } from '../engine/query/sql';

/** A module's reminders with the fields they read, as the current metadata has them. */
export type ReminderSource = Omit<ReminderSourceSeed, 'at' | 'due' | 'about'> & {
  module: CrmModule;
  def: ModuleDef;
  at: FieldDef;
  due: FieldDef;
  about: FieldDef[];
};

/** The reminders of every module that has them and the caller may list. The bell names no module. */
export function reminderSources(meta: MetadataStore, user: CurrentUser): ReminderSource[] {
  return moduleSeeds().flatMap((seed) => {
    if (!seed.reminder || !hasPermission(user, PERMISSIONS[seed.module].list)) return [];
    const def = meta.module(seed.module);
    const [at, due] = [def.byName.get(seed.reminder.at), def.byName.get(seed.reminder.due)];
    if (!at || !due) return [];
    const about = seed.reminder.about.map((name) => def.byName.get(name)).filter((f) => f !== undefined);
    return [{ ...seed.reminder, module: seed.module, def, at, due, about }];
  });
}

/**
 * The caller's due reminders of a source, on its rows (unaliased): open, present, the reminder time
 * come, owned or taken part in by the caller (a meeting's attendee) — and theirs to read.
 */
export function dueFor(source: ReminderSource, user: CurrentUser): SQL {
  const scope = readScope(user, source.module);
  const at = col(source.at.column);
  const participant = participantOf(source.module, user.userId);
  const whose = participant ? sql`(owner_id = ${user.userId} or ${participant})` : sql`owner_id = ${user.userId}`;
  return sql`deleted_at is null and ${source.open} and ${at} is not null and ${at} <= now() and ${whose}${scope ? sql` and ${scope}` : sql``}`;
}
