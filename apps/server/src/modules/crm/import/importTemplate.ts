import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Language } from '@orbit/shared/constants';
import { IMPORT_MAX_ROWS, IMPORT_NOTE_MARK } from '@orbit/shared/contract/recordImport';
import { CURRENCY_DECIMALS } from '@orbit/shared/crm/fieldTypes';
import { isCrmModule, type CrmModule } from '@orbit/shared/crm/modules';
import { translate, type MessageKey, type MessageParams } from '@orbit/shared/messages';
import type { Executor } from '../../../db/client';
import { sysDictData } from '../../../db/schema/dict';
import { fieldError } from '../../../lib/errors';
import { localisedLabel } from '../../system/dict/dict.service';
import type { FieldDef } from '../engine/metadata/fieldDef';
import { defaultRecordType } from '../engine/metadata/layouts';
import type { ModuleDef } from '../engine/metadata/metadataStore';
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
      return t('import.note.text', { max: field.maxLength ?? (field.type === 'textarea' ? 32_000 : 255) });
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
 * labels, since a list written inline is limited to 255 characters).
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

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lang, `module.${module}`), { views: [{ state: 'frozen', ySplit: 2 }] });
  const lists = workbook.addWorksheet(translate(lang, 'import.listsSheet'), { state: 'hidden' });
  const yesNo = [translate(lang, 'import.yes'), translate(lang, 'import.no')];
  // One validation per column range (ExcelJS has it, its typings do not): per cell it would be thousands.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } }).dataValidations;

  sheet.columns = layoutFields.map((field) => ({ header: labelOf(field, lang), key: field.name, width: Math.min(40, Math.max(14, labelOf(field, lang).length + 4)) }));
  const notes = sheet.getRow(2);
  let listColumn = 0;
  layoutFields.forEach((field, i) => {
    const column = i + 1;
    const header = sheet.getRow(1).getCell(column);
    header.font = { bold: true, color: required(field) ? { argb: 'FFC0392B' } : undefined };

    const options = field.dictType ? labelsOf(field.dictType) : [];
    const parts = [translate(lang, required(field) ? 'import.note.required' : 'import.note.optional'), formatNote(field, lang)].filter(Boolean);
    if (typeof field.defaultValue === 'string' && field.defaultValue) {
      parts.push(translate(lang, 'import.note.default', { value: options.find((o) => o.value === field.defaultValue)?.label ?? field.defaultValue }));
    }
    const note = notes.getCell(column);
    note.value = `${IMPORT_NOTE_MARK} ${parts.join(' · ')}`;
    note.font = { italic: true, color: { argb: 'FF6B6B6B' } };
    note.alignment = { wrapText: true, vertical: 'top' };

    const range = `${sheet.getColumn(column).letter}3:${sheet.getColumn(column).letter}${LAST_ROW}`;
    if ((field.type === 'picklist' || field.type === 'multipicklist') && options.length) {
      listColumn++;
      const letter = lists.getColumn(listColumn).letter;
      options.forEach((option, row) => (lists.getCell(row + 1, listColumn).value = option.label));
      validations.add(range, {
        type: 'list',
        allowBlank: true,
        formulae: [`'${lists.name}'!$${letter}$1:$${letter}$${options.length}`],
        // Several values of a multi-picklist are typed "a; b": the list is offered, not enforced.
        showErrorMessage: field.type === 'picklist',
        errorStyle: 'stop',
      });
    } else if (field.type === 'checkbox') {
      validations.add(range, { type: 'list', allowBlank: true, formulae: [`"${yesNo.join(',')}"`], showErrorMessage: true });
    }
  });
  notes.height = 45;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
