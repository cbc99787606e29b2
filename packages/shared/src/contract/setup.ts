import { boundedFilter, fieldName } from '../crm/filter';
import { ROLLUP_FUNCTIONS } from '../crm/rollup';
import { FORMULA_MAX_LENGTH } from '../crm/formula';
import { z } from 'zod';
import { FIELD_TYPES, type FieldType } from '../crm/fieldTypes';
import { CRM_MODULES, type CrmModule } from '../crm/modules';
import { optionalText, requiredText, stringValue } from '../validation';
import { id } from './common';
import type { FieldMeta, LayoutSection, RecordTypeMeta } from './crm';

/**
 * Wire contract of the set-up screens (docs/setup.md): a module's fields, page layouts, record
 * types and default list columns, as administrators edit them under `/setup/{module}/…`.
 */

/** Types an administrator may give a custom field (a relatedRecord spans modules: product-defined only). */
export const CUSTOM_FIELD_TYPES = FIELD_TYPES.filter((t) => t !== 'relatedRecord') as Exclude<FieldType, 'relatedRecord'>[];
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** Letters, digits and underscores, starting with a letter; at most 40 so the generated column stays short. */
export const CUSTOM_FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
/** Custom fields per module: dropped columns still count toward PostgreSQL's 1,600 (DESIGN "Runtime DDL"). */
export const CUSTOM_FIELD_LIMIT = 200;

/** Lookup targets a custom field may point at. */
export const CUSTOM_LOOKUP_TARGETS = [...CRM_MODULES, 'user'] as const;

/** A field as the set-up screens show it: its metadata and where it is used. */
export type SetupField = FieldMeta & {
  helpEn: string;
  helpZh: string;
  /** Page layouts that place it, by name in the request's language. */
  layouts: string[];
  /** Saved list views that show, sort or filter by it. */
  views: number;
};

export type SetupLayout = {
  id: number;
  /** The name stored (what the editor sends back to keep it). */
  name: string;
  /** The name in the request's language: a built-in layout's Chinese name for Chinese readers. */
  label: string;
  isTemplate: boolean;
  /** Record types drawn with it. */
  recordTypes: number[];
  sections: LayoutSection[];
};

export type SetupModule = {
  module: CrmModule;
  version: number;
  fields: SetupField[];
  /** Every record type, inactive ones too. */
  recordTypes: RecordTypeMeta[];
  /** Every layout, the template too. */
  layouts: SetupLayout[];
  /** The module's default list view (the first built-in one) and its columns. */
  defaultView: { id: number; name: string; columns: string[] } | null;
  customFieldLimit: number;
};

/** How many records hold a value of a field, and what else names it: asked before a delete. */
export type FieldUsage = { records: number; views: number; layouts: string[] };

// The Chinese label may be left empty: Chinese readers then see the English one (crm/labelIn.ts).
const labels = { labelEn: requiredText(80), labelZh: optionalText(80).default('') };
const help = { helpEn: optionalText(500).default(''), helpZh: optionalText(500).default('') };
const dictValue = z.object({ value: requiredText(100), labelEn: requiredText(100), labelZh: optionalText(100).default('') });

export const createFieldBody = z.object({
  name: stringValue().trim().regex(CUSTOM_FIELD_NAME_PATTERN, { error: 'setup.fieldNameInvalid' }),
  type: z.enum(CUSTOM_FIELD_TYPES as [CustomFieldType, ...CustomFieldType[]]),
  ...labels,
  ...help,
  required: z.boolean().default(false),
  defaultValue: z.unknown().optional(),
  maxLength: z.number().int().min(1).max(32_000).nullish(),
  decimals: z.number().int().min(0).max(6).nullish(),
  /** Filterable and sortable: indexed. */
  filterable: z.boolean().default(true),
  /** Matched by quick and global search (text-like types). */
  searchable: z.boolean().default(false),
  /** A picklist's dictionary: an existing one, or a new one created in the same transaction. */
  dictType: stringValue().trim().max(100).nullish(),
  newDictionary: z
    .object({ dictType: stringValue().trim().regex(/^[a-z][a-z0-9_]{1,99}$/, { error: 'validation.invalidValue' }), name: requiredText(100), values: z.array(dictValue).min(1).max(200) })
    .nullish(),
  lookupModule: z.enum(CUSTOM_LOOKUP_TARGETS).nullish(),
  /** A formula field (crm/formula.ts): read-only, its type that of the formula's result (`type` is then ignored). */
  formula: stringValue().max(FORMULA_MAX_LENGTH).nullish(),
  /** A roll-up summary field (crm/rollup.ts): read-only, its type from the summary (`type` is then ignored). */
  rollup: z
    .object({ child: z.enum(CRM_MODULES), via: fieldName, fn: z.enum(ROLLUP_FUNCTIONS), field: fieldName.nullish(), filter: boundedFilter.nullish() })
    .strict()
    .nullish(),
  /** Page layouts to place the new field in (at the end of their first section). */
  layoutIds: z.array(id).max(50).default([]),
});
export type CreateFieldBody = z.input<typeof createFieldBody>;

export const updateFieldBody = z.object({
  ...labels,
  ...help,
  required: z.boolean().optional(),
  defaultValue: z.unknown().optional(),
  filterable: z.boolean().optional(),
  searchable: z.boolean().optional(),
  maxLength: z.number().int().min(1).max(32_000).nullish(),
  /** A new type (custom fields): refused unless every stored value converts. */
  type: z.enum(CUSTOM_FIELD_TYPES as [CustomFieldType, ...CustomFieldType[]]).optional(),
  decimals: z.number().int().min(0).max(6).nullish(),
  dictType: stringValue().trim().max(100).nullish(),
  /** A formula field's new formula (checked and recompiled; its result type may change). */
  formula: stringValue().max(FORMULA_MAX_LENGTH).nullish(),
});
export type UpdateFieldBody = z.input<typeof updateFieldBody>;

const recordTypeFields = { ...labels, description: optionalText(200).default('') };
export const createRecordTypeBody = z.object({
  name: stringValue().trim().regex(CUSTOM_FIELD_NAME_PATTERN, { error: 'setup.fieldNameInvalid' }),
  ...recordTypeFields,
  layoutId: id.nullish(),
});
export type CreateRecordTypeBody = z.input<typeof createRecordTypeBody>;
export const updateRecordTypeBody = z.object({
  ...recordTypeFields,
  active: z.boolean(),
  isDefault: z.boolean(),
  layoutId: id.nullish(),
});
export type UpdateRecordTypeBody = z.input<typeof updateRecordTypeBody>;

const layoutItem = z.object({ field: stringValue().max(64), required: z.boolean().optional(), readOnly: z.boolean().optional() }).strict();
export const layoutSectionBody = z
  .object({
    key: stringValue().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'validation.invalidValue' }),
    titleEn: requiredText(80),
    titleZh: requiredText(80),
    columns: z.union([z.literal(1), z.literal(2)]),
    fields: z.array(layoutItem).max(300),
  })
  .strict();
export const updateLayoutBody = z.object({ name: requiredText(60), sections: z.array(layoutSectionBody).min(1).max(30) });
export type UpdateLayoutBody = z.input<typeof updateLayoutBody>;
export const copyLayoutBody = z.object({ fromId: id, name: requiredText(60) });

export const listColumnsBody = z.object({ columns: z.array(stringValue().max(64)).min(1, { error: 'setup.listColumnsEmpty' }).max(40) });
