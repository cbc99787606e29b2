import type { FormRule } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';

/** A choice of a radio group or select; its label is shown as given (a text the page translated, a tag, a record's name). */
export type ChoiceOption = { value: string | number | boolean | null; label: ReactNode; disabled?: boolean };

/** Where a field stands and what it says; `label`, `hint` and `tooltip` are translation keys. */
type Placement = {
  label: string;
  /** Width in the dialog's 24-column grid: the whole row (24, the default) or half of it. */
  span?: 12 | 24;
  /** Left out of the form, and its value with it: a field the record's kind or state does not use. */
  hidden?: boolean;
  /** A note under the field. */
  hint?: string;
  /** A note behind the (?) beside the label. */
  tooltip?: string;
};

/** How a field is checked before saving. */
type Checks = {
  /** The field's schema in the shared contract: the form refuses what the server refuses, with the server's message. */
  schema?: z.ZodType;
  /** The required mark (the schema or the rules refuse an empty value). */
  required?: boolean;
  /** Checks the schema does not make (the form's own, a rule across fields), run after it. */
  rules?: FormRule[];
  /** Fields whose change checks this one again. */
  dependencies?: string[];
};

type Choices = { dict: string; options?: undefined } | { options: ChoiceOption[]; dict?: undefined };

/**
 * The input of a field. Choices come from a dictionary by its type (`dict`) or as `options`; a
 * placeholder is shown as given (an example value, or a text the page translated).
 */
export type FieldInput =
  | { kind: 'text'; maxLength?: number; placeholder?: string; disabled?: boolean; autoComplete?: string }
  | { kind: 'textarea'; maxLength: number; placeholder?: string }
  /** A number from 0 unless `min` says otherwise; `precision` 0 rounds what is typed to a whole number. */
  | { kind: 'number'; min?: number; max: number; precision?: number }
  | ({ kind: 'radio' } & Choices)
  /** Yes or no as two radios; the values are true and false unless the record spells them otherwise (RuoYi's '0' / '1'). */
  | { kind: 'yesNo'; yes?: string | boolean; no?: string | boolean }
  | ({ kind: 'select'; multiple?: boolean; allowClear?: boolean; placeholder?: string; loading?: boolean; testId?: string } & Choices)
  /**
   * A choice in a tree (a parent, a department), named by the nodes' `value` and `label` fields.
   * Opened all the way down unless `expandedKeys` names what is open; `search` filters by label.
   */
  | {
      kind: 'tree';
      treeData: object[];
      value: string;
      text: string;
      multiple?: boolean;
      allowClear?: boolean;
      placeholder?: string;
      loading?: boolean;
      search?: boolean;
      expandedKeys?: (string | number)[];
    }
  /** The escape hatch: an input of the page's own (an icon picker, an editor) given the field's value and onChange. */
  | { kind: 'custom'; render: () => ReactNode };

/**
 * One field of an administration form dialog, as a description (see AdminFormDialog): the value
 * it edits (`name`), its label, its input and its checks. Two shorthands: the record's status
 * (normal or disabled), and an item of the page's own that is no value of the form (`custom`
 * without a name, e.g. the role's menu tree).
 */
export type AdminField<V> = ValueField<V> | { kind: 'status'; span?: 12 | 24; hidden?: boolean } | PageItem;
export type ValueField<V> = Placement & Checks & FieldInput & { name: Extract<keyof V, string> };
type PageItem = Placement & { kind: 'custom'; name?: undefined; render: () => ReactNode };

/** Whether a field edits a value of the form (rather than being the status shorthand or an item of the page's own). */
export function isValueField<V>(field: AdminField<V>): field is ValueField<V> {
  return field.kind !== 'status' && field.name !== undefined;
}

/** The remark every RuoYi record carries: two lines of up to `maxLength` characters. */
export function remarkField<V extends { remark?: unknown }>(schema: z.ZodType, maxLength = 500): AdminField<V> {
  return { name: 'remark' as Extract<keyof V, string>, label: 'admin.remark', kind: 'textarea', maxLength, schema };
}

/** The dictionaries a form's choices come from, fetched together. */
export function dictTypesOf<V>(fields: AdminField<V>[]): string[] {
  return [...new Set(fields.flatMap((field) => ('dict' in field && field.dict ? [field.dict] : [])))];
}
