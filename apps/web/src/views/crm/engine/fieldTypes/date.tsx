import { parseTime } from '../../../../utils/formatTime';
import type { FieldTypeView, FilterInputProps, InputProps } from './fieldTypeView';
import { lazyInput } from './lazyInput';

// The pickers load when a form or filter first draws one (dateInputs.tsx).
const DateInput = lazyInput<InputProps>(() => import('./dateInputs').then((m) => ({ default: m.DateInput })));
const DateTimeInput = lazyInput<InputProps>(() => import('./dateInputs').then((m) => ({ default: m.DateTimeInput })));
const DateFilterInput = lazyInput<FilterInputProps>(() => import('./dateInputs').then((m) => ({ default: m.DateFilterInput })));

export const dateView: FieldTypeView = {
  Display: ({ value }) => (typeof value === 'string' && value ? <>{value.slice(0, 10)}</> : null),
  Input: DateInput,
  FilterInput: DateFilterInput,
  columnWidth: 100,
};

export const datetimeView: FieldTypeView = {
  Display: ({ value }) => (typeof value === 'string' && value ? <>{parseTime(value)}</> : null),
  Input: DateTimeInput,
  FilterInput: DateFilterInput,
  // "2026-11-28 14:22:10" whole, the list's "Created" included.
  columnWidth: 150,
  // The same instant may be written with or without milliseconds.
  sameValue: (a, b) => (typeof a === 'string' && typeof b === 'string' ? new Date(a).getTime() === new Date(b).getTime() : a === b),
};
