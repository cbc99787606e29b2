import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarOwners } from '../../../../api/crmCalendar';
import LoadMoreSelect, { type LoadMorePage } from '../../../../components/LoadMoreSelect';

type Props = { value: number[]; names: Record<string, string>; onChange: (ids: number[]) => void };

/** Whose calendars a manager looks at: users within their data scope (empty: their own). */
export default function OwnerFilter({ value, names, onChange }: Props) {
  const { t } = useTranslation();
  // The labels of the people picked, as the options showed them (the answer's names come later).
  const [picked, setPicked] = useState<Record<number, ReactNode>>({});
  const fetchPage = useCallback(async ({ pageNum, pageSize, keyword }: { pageNum: number; pageSize: number; keyword: string }): Promise<LoadMorePage> => {
    const page = await calendarOwners({ q: keyword.trim() || undefined, pageNum, pageSize });
    return { options: page.rows.map((o) => ({ value: o.id, label: o.extra ? `${o.label} (${o.extra})` : o.label })), total: page.total };
  }, []);
  return (
    <LoadMoreSelect
      mode="multiple"
      allowClear
      labelInValue
      aria-label={t('crm.calendar.owners')}
      placeholder={t('crm.calendar.ownersPlaceholder')}
      style={{ minWidth: 320, maxWidth: 560 }}
      value={value.map((id) => ({ value: id, label: picked[id] ?? names[id] ?? `#${id}` }))}
      onChange={(chosen: Array<{ value: number; label: ReactNode }> | undefined) => {
        setPicked((current) => ({ ...current, ...Object.fromEntries((chosen ?? []).map((o) => [o.value, o.label])) }));
        onChange((chosen ?? []).map((o) => o.value));
      }}
      fetchPage={fetchPage}
      data-testid="calendar-owners"
    />
  );
}
