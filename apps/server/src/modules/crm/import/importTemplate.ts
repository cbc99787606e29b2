import { and, eq, inArray } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import type { Language } from '@orbit/shared/constants';
import { IMPORT_MAX_ROWS, IMPORT_NOTE_MARK } from '@orbit/shared/contract/recordImport';
import { CURRENCY_DECIMALS, LONG_TEXT_TYPES, TEXT_MAX_LENGTH, TEXTAREA_MAX_LENGTH } from '@orbit/shared/crm/fieldTypes';
import { isCrmModule, type CrmModule } from '@orbit/shared/crm/modules';
import { translate, type MessageKey, type MessageParams } from '@orbit/shared/messages';
import type { Executor } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';
import { fieldError } from '../../../lib/errors';
import { columnLetters, createXlsxWriter, type XlsxValidation } from '../../../lib/xlsxWriter';
import { localisedLabel } from '../../system/dict/dict.service';
import type { FieldDef } from '../engine/metadata/fieldDef';
import { defaultRecordType } from '../engine/metadata/layouts';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { labelOf } from '../engine/query/filterCompiler';
import { importFields } from './importFields';

/** Data rows the template's drop-downs cover (a validation is one range, whatever its length). */
const LAST_ROW = IMPORT_MAX_ROWS + 2;

/** "text, at most 80 characters", "a date, YYYY-MM-DD", "a name from Campaigns"… */
function formatNote(field: FieldDef, lang: Language): string {
  const t = (key: MessageKey, params?: MessageParams) => translate(lang, key, params);
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'richtext':
      return t('import.note.text', { max: field.maxLength ?? (LONG_TEXT_TYPES.has(field.type) ? TEXTAREA_MAX_LENGTH : TEXT_MAX_LENGTH) });
    case 'email':
    case 'phone':
    case 'url':
    case 'date':
    case 'datetime':
    case 'checkbox':
    case 'picklist':
    case 'multipicklist':
    case 'percent':
      return t(`import.note.${field.type}`);
    case 'number':
      return field.decimals ? t('import.note.decimal', { decimals: field.decimals }) : t('import.note.number');
    case 'currency':
      return t('import.note.decimal', { decimals: CURRENCY_DECIMALS });
    case 'lookup':
      if (field.lookupModule === 'user') return t('import.note.user');
      if (field.lookupModule === 'dept') return t('import.note.dept');
      return isCrmModule(field.lookupModule) ? t('import.note.lookup', { target: `module.${field.lookupModule}` }) : '';
    default:
      return '';
  }
}

/**
 * The import template of a module's record type: its layout's importable fields as columns headed
 * by their labels in the user's language, a notes row (required or not, the format, the default),
 * and picklists and checkboxes as drop-downs (Excel data validation over a hidden sheet of the
 * labels, since a list written inline is limited to 255 characters). Written by the product's xlsx
 * writer: a label that starts like a formula stays text (quote prefix), as in every export.
 */
export async function importTemplate(db: Executor, def: ModuleDef, module: CrmModule, lang: Language, recordTypeId?: number): Promise<Buffer> {
  const typeId = recordTypeId ?? defaultRecordType(def)?.id ?? null;
  if (recordTypeId !== undefined && !def.recordTypes.some((t) => t.id === recordTypeId && t.active)) throw fieldError('recordTypeId', 'record.recordTypeInvalid');
  const { layoutFields, required } = importFields(def, typeId);

  const dictTypes = [...new Set(layoutFields.map((f) => f.dictType).filter((d): d is string => !!d))];
  const dictRows = dictTypes.length
    ? await db
        .select({ dictType: sysDictData.dictType, dictValue: sysDictData.dictValue, dictLabel: sysDictData.dictLabel, extra: sysDictData.extra })
        .from(sysDictData)
        .where(and(inArray(sysDictData.dictType, dictTypes), eq(sysDictData.status, '0')))
        .orderBy(sysDictData.dictType, sysDictData.dictSort)
    : [];
  const labelsOf = (dictType: string) => dictRows.filter((r) => r.dictType === dictType).map((r) => ({ value: r.dictValue, label: localisedLabel(r, lang) }));

  const listColumns: string[][] = [];
  const yesNo = [translate(lang, 'import.yes'), translate(lang, 'import.no')];
  const listsName = translate(lang, 'import.listsSheet');
  const validations: XlsxValidation[] = [];
  const notes = layoutFields.map((field, i) => {
    const options = field.dictType ? labelsOf(field.dictType) : [];
    const parts = [translate(lang, required(field) ? 'import.note.required' : 'import.note.optional'), formatNote(field, lang)].filter(Boolean);
    if (typeof field.defaultValue === 'string' && field.defaultValue) {
      parts.push(translate(lang, 'import.note.default', { value: options.find((o) => o.value === field.defaultValue)?.label ?? field.defaultValue }));
    }
    const letter = columnLetters(i);
    const range = `${letter}3:${letter}${LAST_ROW}`;
    if ((field.type === 'picklist' || field.type === 'multipicklist') && options.length) {
      const listLetter = columnLetters(listColumns.length);
      listColumns.push(options.map((o) => o.label));
      // Several values of a multi-picklist are typed "a; b": the list is offered, not enforced.
      validations.push({ range, formula: `'${listsName}'!$${listLetter}$1:$${listLetter}$${options.length}`, strict: field.type === 'picklist' });
    } else if (field.type === 'checkbox') {
      validations.push({ range, formula: `"${yesNo.join(',')}"`, strict: true });
    }
    return `${IMPORT_NOTE_MARK} ${parts.join(' · ')}`;
  });

  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = createXlsxWriter(out);
  const sheet = workbook.addSheet(
    translate(lang, `module.${module}`),
    layoutFields.map((field) => {
      const header = labelOf(field, lang);
      return { header, width: Math.min(40, Math.max(14, header.length + 4)), headerFont: required(field) ? ('boldError' as const) : ('bold' as const) };
    }),
    { frozenRows: 2 },
  );
  await sheet.addRow(notes, { font: 'note', wrap: true, height: 45 });
  for (const validation of validations) sheet.validate(validation);
  await sheet.end();
  // The labels of each list, one column each, on a hidden sheet the drop-downs refer to.
  const lists = workbook.addSheet(listsName, [], { hidden: true, noHeader: true });
  const longest = Math.max(0, ...listColumns.map((labels) => labels.length));
  for (let row = 0; row < longest; row++) await lists.addRow(listColumns.map((labels) => labels[row] ?? null));
  await lists.end();
  await workbook.finish();
  return Buffer.concat(chunks);
}
