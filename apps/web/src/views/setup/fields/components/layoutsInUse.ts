import type { SetupModule } from '@orbit/shared/contract/setup';

/** The layouts the active record types use (never the template): a new field starts on the forms people see. */
export function layoutsInUse(data: Pick<SetupModule, 'layouts' | 'recordTypes'>): number[] {
  const editable = new Set(data.layouts.filter((l) => !l.isTemplate).map((l) => l.id));
  return [...new Set(data.recordTypes.filter((r) => r.active && r.layoutId !== null && editable.has(r.layoutId)).map((r) => r.layoutId!))];
}
