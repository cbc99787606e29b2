import type { FieldType } from '@orbit/shared/crm/fieldTypes';
import { checkboxType } from './checkbox';
import { dateType } from './date';
import { datetimeType } from './datetime';
import type { ServerFieldType } from './fieldType';
import { lookupType } from './lookup';
import { multipicklistType } from './multipicklist';
import { numberType, plainNumberType } from './number';
import { picklistType } from './picklist';
import { relatedRecordType } from './relatedRecord';
import { richtextType, textareaType, textType } from './text';

/** The server side of every field type (one file per storage family). */
export const FIELD_TYPE_REGISTRY: Record<FieldType, ServerFieldType> = {
  text: textType,
  phone: textType,
  email: textType,
  url: textType,
  textarea: textareaType,
  richtext: richtextType,
  number: plainNumberType,
  percent: plainNumberType,
  currency: numberType,
  date: dateType,
  datetime: datetimeType,
  checkbox: checkboxType,
  picklist: picklistType,
  multipicklist: multipicklistType,
  lookup: lookupType,
  relatedRecord: relatedRecordType,
};
