import { richTextAsPlain } from '../../../lib/richText';
import type { Language } from '@orbit/shared/constants';
import type { LookupLabels } from '@orbit/shared/contract/crm';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import { currencyWriting, type Currency } from '@orbit/shared/crm/money';
import { translate } from '@orbit/shared/messages';
import type { XlsxCell } from '../../../lib/xlsxWriter';
import type { FieldDef } from '../engine/metadata/fieldDef';

/** A picklist's value → its label in the export's language, per dictionary. */
export type PicklistLabels = Map<string, Map<string, string>>;

export type CellValue = XlsxCell;

/** Excel formats of the types that are numbers or dates in the sheet; money in the organisation's currency. */
export function numberFormat(field: FieldDef, lang: Language, currency: Currency): string | undefined {
  switch (field.type) {
    case 'currency': {
      // As on screen: the currency's sign as the language writes it, and its cents (issue 33).
      const { sign, decimals } = currencyWriting(lang, currency);
      return `"${sign}"#,##0${decimals ? `.${'0'.repeat(decimals)}` : ''}`;
    }
    case 'percent':
      return '0.##"%"';
    case 'date':
      return 'yyyy-mm-dd';
    case 'datetime':
      return 'yyyy-mm-dd hh:mm';
    default:
      return undefined;
  }
}

/**
 * The names of a page's lookups as a sheet writes them: a restricted record (`null`, outside the
 * viewer's scope) as "Restricted record" in the export's language, as the screen shows it — never
 * its name, and not an empty cell, which an import would read as "no record".
 */
export function exportedLabels(lookups: LookupLabels, lang: Language): LookupLabels {
  const restricted = translate(lang, 'record.restricted');
  return Object.fromEntries(
    Object.entries(lookups).map(([target, names]) => [target, Object.fromEntries(Object.entries(names ?? {}).map(([id, name]) => [id, name ?? restricted]))]),
  );
}

/**
 * One value as its cell: numbers and dates as Excel types, picklists and lookups as the labels the
 * user reads on screen, texts as they are (the writer keeps a formula-like one text). `timezoneOffset` (minutes, as the browser gives it)
 * shifts times to the user's clock, since a spreadsheet's date has no zone.
 */
export function cellOf(field: FieldDef, value: FieldValue | undefined, lookups: LookupLabels, picklists: PicklistLabels, timezoneOffset: number): CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (field.type) {
    case 'number':
    case 'currency':
    case 'percent':
      return Number(value);
    case 'checkbox':
      return value === true;
    case 'date': {
      const [y, m, d] = String(value).split('-').map(Number);
      return new Date(Date.UTC(y!, m! - 1, d!));
    }
    case 'datetime':
      return new Date(new Date(String(value)).getTime() - timezoneOffset * 60_000);
    case 'picklist':
      return picklists.get(field.dictType ?? '')?.get(String(value)) ?? String(value);
    case 'multipicklist': {
      const labels = picklists.get(field.dictType ?? '');
      return (value as string[]).map((v) => labels?.get(v) ?? v).join('; ');
    }
    case 'lookup':
      return field.lookupModule ? (lookups[field.lookupModule]?.[String(value)] ?? '') : String(value);
    case 'relatedRecord': {
      const ref = value as { module: string; id: number };
      return lookups[ref.module as keyof LookupLabels]?.[String(ref.id)] ?? '';
    }
    case 'richtext':
      return richTextAsPlain(String(value));
    default:
      return String(value);
  }
}
