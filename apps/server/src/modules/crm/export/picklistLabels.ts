import { inArray } from 'drizzle-orm';
import type { Language } from '@orbit/shared/constants';
import type { Executor } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';
import { localisedLabel } from '../../system/dict/dict.service';
import type { FieldDef } from '../engine/metadata/fieldDef';
import type { PicklistLabels } from './xlsxCells';

/** Labels of the picklist values of `fields`, in `lang`: one query for all their dictionaries. */
export async function picklistLabels(db: Executor, fields: FieldDef[], lang: Language): Promise<PicklistLabels> {
  const types = [...new Set(fields.filter((f) => f.dictType && (f.type === 'picklist' || f.type === 'multipicklist')).map((f) => f.dictType!))];
  const labels: PicklistLabels = new Map();
  if (!types.length) return labels;
  const rows = await db
    .select({ dictType: sysDictData.dictType, dictValue: sysDictData.dictValue, dictLabel: sysDictData.dictLabel, extra: sysDictData.extra })
    .from(sysDictData)
    .where(inArray(sysDictData.dictType, types));
  for (const row of rows) {
    if (!labels.has(row.dictType)) labels.set(row.dictType, new Map());
    labels.get(row.dictType)!.set(row.dictValue, localisedLabel(row, lang));
  }
  return labels;
}
