import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RELATIVE_DATES } from '@orbit/shared/crm/relativeDates';
import { parseTime } from '../../../../utils/formatTime';
import type { FieldTypeView, FilterInputProps, InputProps } from './fieldTypeView';

/** Calendar dates travel as 'YYYY-MM-DD'; date-times as ISO instants, shown in local time. */
export const DAY_FORMAT = 'YYYY-MM-DD';

const toDay = (value: unknown): Dayjs | null => (typeof value === 'string' && value ? dayjs(value) : null);
const dayText = (day: Dayjs | null | undefined) => (day ? day.format(DAY_FORMAT) : null);

/** A date filter compares calendar days, for dates and date-times alike; "relative" names a moving range. */
function DateFilterInput({ shape, value, onChange }: FilterInputProps) {
  const { t } = useTranslation();
  if (shape === 'relative') {
    return (
      <Select
        value={typeof value === 'string' ? value : undefined}
        onChange={onChange}
        options={RELATIVE_DATES.map((name) => ({ value: name, label: t(`crm.relative.${name}`) }))}
        style={{ width: 180 }}
        aria-label={t('crm.filter.value')}
      />
    );
  }
  if (shape === 'range') {
    const [from, to] = Array.isArray(value) ? value : [];
    return (
      <DatePicker.RangePicker
        value={[toDay(from), toDay(to)]}
        onChange={(days) => onChange(days ? [dayText(days[0]), dayText(days[1])] : null)}
        allowEmpty={[true, true]}
      />
    );
  }
  return <DatePicker value={toDay(value)} onChange={(day) => onChange(dayText(day))} aria-label={t('crm.filter.value')} />;
}

export const dateView: FieldTypeView = {
  Display: ({ value }) => (typeof value === 'string' && value ? <>{value.slice(0, 10)}</> : null),
  Input: ({ value, onChange, id, autoFocus }: InputProps) => (
    <DatePicker id={id} value={toDay(value)} onChange={(day) => onChange?.(dayText(day))} autoFocus={autoFocus} style={{ width: '100%' }} />
  ),
  FilterInput: DateFilterInput,
  massEditable: true,
};

export const datetimeView: FieldTypeView = {
  Display: ({ value }) => (typeof value === 'string' && value ? <>{parseTime(value)}</> : null),
  Input: ({ value, onChange, id, autoFocus }: InputProps) => (
    <DatePicker
      id={id}
      showTime
      value={toDay(value)}
      onChange={(day) => onChange?.(day ? day.toISOString() : null)}
      autoFocus={autoFocus}
      style={{ width: '100%' }}
    />
  ),
  FilterInput: DateFilterInput,
  // The same instant may be written with or without milliseconds.
  sameValue: (a, b) => (typeof a === 'string' && typeof b === 'string' ? new Date(a).getTime() === new Date(b).getTime() : a === b),
};
