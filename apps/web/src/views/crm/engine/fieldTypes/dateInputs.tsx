import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RELATIVE_DATES } from '@orbit/shared/crm/relativeDates';
import type { FilterInputProps, InputProps } from './fieldTypeView';

/**
 * The date and date-time fields' inputs (antd's DatePicker, ~28 KiB): date.tsx loads them when a
 * form or filter first draws one, so that a list showing dates does not load the picker.
 * Calendar dates travel as 'YYYY-MM-DD'; date-times as ISO instants, shown in local time.
 */
const DAY_FORMAT = 'YYYY-MM-DD';

const toDay = (value: unknown): Dayjs | null => (typeof value === 'string' && value ? dayjs(value) : null);
const dayText = (day: Dayjs | null | undefined) => (day ? day.format(DAY_FORMAT) : null);

/** A date filter compares calendar days, for dates and date-times alike; "relative" names a moving range. */
export function DateFilterInput({ shape, value, onChange }: FilterInputProps) {
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

export function DateInput({ value, onChange, id, autoFocus }: InputProps) {
  return <DatePicker id={id} value={toDay(value)} onChange={(day) => onChange?.(dayText(day))} autoFocus={autoFocus} style={{ width: '100%' }} />;
}

export function DateTimeInput({ value, onChange, id, autoFocus }: InputProps) {
  return (
    <DatePicker
      id={id}
      showTime
      value={toDay(value)}
      onChange={(day) => onChange?.(day ? day.toISOString() : null)}
      autoFocus={autoFocus}
      style={{ width: '100%' }}
    />
  );
}
