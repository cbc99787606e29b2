import type { CrmModule } from '@orbit/shared/crm/modules';
import { moduleSeeds } from '../engine/crmModules';
import type { FieldDef } from '../engine/metadata/fieldDef';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import type { CalendarSourceSeed } from '../engine/moduleSeed';

/** A module's calendar source with the fields it reads (and a drag writes) as the current metadata has them. */
export type CalendarSource = CalendarSourceSeed & {
  module: CrmModule;
  def: ModuleDef;
  startField: FieldDef;
  endField?: FieldDef;
  allDayField?: FieldDef;
  statusField?: FieldDef;
};

/** Every loaded module's calendar sources, in the modules' order. The calendar names no module. */
export function calendarSourceSeeds(): Array<CalendarSourceSeed & { module: CrmModule }> {
  return moduleSeeds().flatMap((seed) => (seed.calendar ?? []).map((source) => ({ ...source, module: seed.module })));
}

/** A source with its fields resolved, or undefined when its start field is not (or no longer) an active field. */
export function resolveSource(source: CalendarSourceSeed & { module: CrmModule }, def: ModuleDef): CalendarSource | undefined {
  const field = (name: string | undefined) => (name ? def.byName.get(name) : undefined);
  const startField = field(source.start);
  if (!startField) return undefined;
  return { ...source, def, startField, endField: field(source.end), allDayField: field(source.allDay), statusField: field(source.status) };
}

/** Its entries are whole days only: a date field, no all-day flag to switch. */
export const isDayOnly = (source: CalendarSource) => source.startField.type === 'date';
