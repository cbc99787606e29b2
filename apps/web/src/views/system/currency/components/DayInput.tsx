import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** A day picked from a calendar, held as `YYYY-MM-DD` text — what the contract's schema checks and the server takes. */
export default function DayInput({ value, onChange, testId }: { value?: string; onChange?: (value: string) => void; testId?: string }) {
  const day = value ? dayjs(value, 'YYYY-MM-DD', true) : null;
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={day?.isValid() ? day : null}
      onChange={(picked) => onChange?.(picked ? picked.format('YYYY-MM-DD') : '')}
      data-testid={testId}
    />
  );
}
