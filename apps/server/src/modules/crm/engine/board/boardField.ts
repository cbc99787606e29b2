import type { Language } from '@orbit/shared/constants';
import { isBoardField, type BoardMeta } from '@orbit/shared/crm/board';
import { labelIn } from '@orbit/shared/crm/labelIn';
import { badRequest } from '../../../../lib/errors';
import type { FieldDef } from '../metadata/fieldDef';
import type { ModuleDef } from '../metadata/moduleDef';

/** The picklist a module's board opens on: its seed's, else its path's, else the first picklist a board can group by. */
export function defaultBoardField(def: ModuleDef): FieldDef | undefined {
  for (const name of [def.board.field, def.path?.field]) {
    const field = name ? def.byName.get(name) : undefined;
    if (field && isBoardField(field)) return field;
  }
  return def.fields.find(isBoardField);
}

/** The field a board request groups by (`name`, or the default); anything but an active picklist lists can filter on is refused. */
export function boardFieldOf(def: ModuleDef, name: string | undefined): FieldDef {
  const field = name === undefined ? defaultBoardField(def) : def.byName.get(name);
  if (!field || !isBoardField(field)) throw badRequest('board.fieldInvalid', { name: name ?? '' });
  return field;
}

/** A board sum of the seed whose fields exist (a number or money field, weighted by a number or percent one). */
export type BoardSum = { key: string; field: FieldDef; weightBy: FieldDef | undefined; en: string; zh: string };

const SUMMABLE = new Set(['currency', 'number', 'percent']);

/** The seed's sums over the current metadata; one naming a field that is not there (or cannot be summed) is left out. */
export function boardSums(def: ModuleDef): BoardSum[] {
  return (def.board.sums ?? []).flatMap((s) => {
    const field = def.byName.get(s.field);
    const weightBy = s.weightBy ? def.byName.get(s.weightBy) : undefined;
    if (!field || !SUMMABLE.has(field.type) || (s.weightBy && (!weightBy || !SUMMABLE.has(weightBy.type)))) return [];
    return [{ key: s.key, field, weightBy, en: s.en, zh: s.zh }];
  });
}

/** The board's part of the module's metadata, in `lang`. */
export function boardMeta(def: ModuleDef, lang: Language): BoardMeta {
  return {
    field: defaultBoardField(def)?.name ?? null,
    sums: boardSums(def).map((s) => ({ key: s.key, field: s.field.name, weightBy: s.weightBy?.name ?? null, label: labelIn(lang, s.en, s.zh) })),
  };
}
