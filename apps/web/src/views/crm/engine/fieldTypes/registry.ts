import type { FieldType } from '@orbit/shared/crm/fieldTypes';
import { checkboxView } from './checkbox';
import { emailView, phoneView, urlView } from './contactLink';
import { dateView, datetimeView } from './date';
import type { FieldTypeView } from './fieldTypeView';
import { lookupView } from './lookup';
import { currencyView, numberView, percentView } from './number';
import { multipicklistView, picklistView } from './picklist';
import { relatedRecordView } from './relatedRecord';
import { richtextView } from './richtext';
import { textareaView, textView } from './text';

/** The web's field-type registry: one view per type of the shared FIELD_TYPES (docs/records-engine.md). */
export const FIELD_TYPE_VIEWS: Record<FieldType, FieldTypeView> = {
  text: textView,
  textarea: textareaView,
  richtext: richtextView,
  number: numberView,
  currency: currencyView,
  percent: percentView,
  date: dateView,
  datetime: datetimeView,
  checkbox: checkboxView,
  picklist: picklistView,
  multipicklist: multipicklistView,
  phone: phoneView,
  email: emailView,
  url: urlView,
  lookup: lookupView,
  relatedRecord: relatedRecordView,
};

export function fieldTypeView(type: FieldType): FieldTypeView {
  return FIELD_TYPE_VIEWS[type];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether two values of a field's type are the same value (the form sends only what changed). */
export function sameFieldValue(type: FieldType, a: Parameters<NonNullable<FieldTypeView['sameValue']>>[0], b: typeof a): boolean {
  const same = FIELD_TYPE_VIEWS[type].sameValue;
  return same ? same(a ?? null, b ?? null) : sameJson(a, b);
}
