import type { ComponentType } from 'react';
import type { FieldMeta, LookupLabels } from '@orbit/shared/contract/crm';
import type { OperandShape } from '@orbit/shared/crm/fieldTypes';
import type { FieldValue } from '@orbit/shared/crm/fieldValue';
import type { CrmModule } from '@orbit/shared/crm/modules';

export type DisplayProps = {
  field: FieldMeta;
  value: FieldValue | undefined;
  /** Names of the records and users the value points at (the `lookups` of the answer). */
  lookups?: LookupLabels;
  /** The currency of the record's amounts (its `currency` field; absent: the organisation's). */
  currency?: string;
};

/** An input bound by antd's Form.Item: it receives and emits the value as it travels on the wire. */
export type InputProps = {
  field: FieldMeta;
  value?: FieldValue;
  onChange?: (value: FieldValue) => void;
  id?: string;
  lookups?: LookupLabels;
  autoFocus?: boolean;
  /** The currency an amount is typed in: the record's (absent: the organisation's). */
  currency?: string;
};

/** The value widget of a filter condition, for an operator whose operand has this shape. */
export type FilterInputProps = {
  field: FieldMeta;
  shape: Exclude<OperandShape, 'none'>;
  value: unknown;
  onChange: (value: unknown) => void;
};

/**
 * Everything the web app knows about one field type (docs/records-engine.md): how a value shows,
 * how it is typed in, how it is filtered. RecordList, RecordDetail and RecordForm only arrange
 * these; they never look at a field's type themselves.
 */
export type FieldTypeView = {
  Display: ComponentType<DisplayProps>;
  Input: ComponentType<InputProps>;
  FilterInput: ComponentType<FilterInputProps>;
  /** Whether two stored values are the same (default: the same JSON). */
  sameValue?: (a: FieldValue, b: FieldValue) => boolean;
  /** Whether the filter builder can offer this field (default: yes, when the metadata says it is filterable). */
  canFilter?: (field: FieldMeta) => boolean;
  /** The value by which a field of this type points at a record (a related list filters on it). */
  pointAt?: (module: CrmModule, id: number) => FieldValue;
  /** A value that reads as the record's state (a status, a stage): headers show it as a tag beside the name. */
  tag?: boolean;
  /** Numbers line up on the right of a column. */
  align?: 'right';
  /**
   * The narrowest a list's column of this type should be, in pixels (default 110): the list's
   * columns share the width at these proportions, so a date-time is never cut short.
   */
  columnWidth?: number;
  /** Whether a list's cell can be edited in place (default: yes); else only the form and the detail page edit it. */
  gridEditable?: boolean;
};
