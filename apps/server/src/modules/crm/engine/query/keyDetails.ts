import { labelIn } from '@orbit/shared/crm/labelIn';
import type { Language } from '@orbit/shared/constants';
import type { CrmRecord, GlobalSearchDetail, LookupLabels } from '@orbit/shared/contract/crm';
import type { Executor } from '../../../../db/client';
import type { CurrentUser } from '../../../auth/currentUser';
import { picklistLabels } from '../../export/picklistLabels';
import type { FieldDef } from '../metadata/fieldDef';
import type { MetadataStore } from '../metadata/moduleDef';
import { lookupLabels } from '../records/lookupLabels';

/** A field's value as the caller reads it: lookups by name (restricted ones as such), picklists by label. */
function shown(field: FieldDef, value: unknown, lookups: LookupLabels, picklists: Map<string, Map<string, string>>, restricted: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'lookup' && field.lookupModule) {
    const label = lookups[field.lookupModule]?.[String(value)];
    return label === null ? restricted : (label ?? '');
  }
  const dict = field.dictType ? picklists.get(field.dictType) : undefined;
  if (dict) return (Array.isArray(value) ? value : [value]).map((v) => dict.get(String(v)) ?? String(v)).join(', ');
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * What tells records apart besides their names (the global search's hits, a lookup picker's
 * options): each record's values of `fields` named in `lang`, empty ones left out — one query per
 * kind of lookup target and one for picklists.
 */
export async function namedDetails(
  db: Executor,
  meta: MetadataStore,
  user: CurrentUser,
  fields: FieldDef[],
  records: CrmRecord[],
  lang: Language,
  restricted: string,
): Promise<GlobalSearchDetail[][]> {
  const [lookups, picklists] = await Promise.all([lookupLabels(db, meta, user, records, fields, lang), picklistLabels(db, fields, lang)]);
  return records.map((record) =>
    fields.map((f) => ({ label: labelIn(lang, f.labelEn, f.labelZh), value: shown(f, record[f.name], lookups, picklists, restricted) })).filter((d) => d.value !== ''),
  );
}
