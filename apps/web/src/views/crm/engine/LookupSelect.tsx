import { Select, Typography } from 'antd';
import { useCallback, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { isCrmModule, type LookupTarget } from '@orbit/shared/crm/modules';
import { lookupRecords, lookupUsers, type LookupQuery } from '../../../api/crm';
import LoadMoreSelect, { type LoadMorePage } from '../../../components/LoadMoreSelect';
import { useCurrentModuleMeta } from './ModuleMetaContext';

type Id = number;
type Labelled = { value: Id; label: React.ReactNode };

type Props = {
  target: LookupTarget;
  value?: Id | Id[] | null;
  onChange?: (value: Id | Id[] | null) => void;
  /** Names already known for the current value(s), by id (the answer's `lookups`; null: a restricted record). */
  labels?: Record<string, string | null>;
  multiple?: boolean;
  id?: string;
  autoFocus?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
};

/** Whether a lookup of this target can be picked (departments have no picker for business users). */
export function hasLookupSource(target: LookupTarget | null): boolean {
  return !!target && (fetcherOf(target) !== null || target === 'recordType');
}

/** Where the options of a lookup come from: the module's lookup endpoint, or the users'. */
function fetcherOf(target: LookupTarget): ((query: LookupQuery) => ReturnType<typeof lookupUsers>) | null {
  if (isCrmModule(target)) return (query) => lookupRecords(target, query);
  if (target === 'user') return lookupUsers;
  return null;
}

/**
 * Picks a record (or a user) a lookup points at: searched on the server, loading the next page
 * when the list is scrolled to its end (SPEC §9); only what the user may see is offered. The
 * current value shows its name even before its page of options is loaded.
 */
export default function LookupSelect({ target, value, onChange, labels, multiple = false, ...rest }: Props) {
  const { t } = useTranslation();
  const meta = useCurrentModuleMeta();
  const [picked, setPicked] = useState<Record<string, string>>({});
  const fetcher = fetcherOf(target);
  const fetchPage = useCallback(
    async ({ pageNum, pageSize, keyword }: { pageNum: number; pageSize: number; keyword: string }): Promise<LoadMorePage> => {
      const page = await fetcher!({ q: keyword.trim() || undefined, pageNum, pageSize });
      const loaded = (pageNum - 1) * pageSize + page.rows.length;
      // Without a total, a short page is the last one.
      const total = page.total ?? (page.rows.length < pageSize ? loaded : loaded + 1);
      return { options: page.rows.map((o) => ({ value: o.id, label: o.label, extra: o.extra })), total };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher follows the target
    [target],
  );
  const common = { ...rest, allowClear: true, placeholder: t('crm.form.search'), style: { width: '100%', ...rest.style } };

  if (!fetcher) {
    // Record types are the module's own, already in its metadata.
    const options = target === 'recordType' ? (meta?.recordTypes ?? []).map((r) => ({ value: r.id, label: r.label })) : [];
    return <Select {...common} mode={multiple ? 'multiple' : undefined} value={value ?? undefined} options={options} onChange={(v: Id | Id[] | undefined) => onChange?.(v ?? null)} />;
  }

  // A current value outside the viewer's scope keeps its id and reads "Restricted record" (it is among no options).
  const labelOf = (id: Id) => picked[id] ?? (labels?.[id] === null ? t('crm.restrictedRecord') : labels?.[id]) ?? `#${id}`;
  const ids = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const selected = ids.map((id) => ({ value: id, label: labelOf(id) }));
  const handleChange = (next: Labelled | Labelled[] | undefined) => {
    const list = next === undefined ? [] : Array.isArray(next) ? next : [next];
    setPicked((current) => ({ ...current, ...Object.fromEntries(list.map((o) => [o.value, String(o.label)])) }));
    onChange?.(multiple ? list.map((o) => o.value) : (list[0]?.value ?? null));
  };
  return (
    <LoadMoreSelect
      {...common}
      mode={multiple ? 'multiple' : undefined}
      labelInValue
      value={multiple ? selected : selected[0]}
      onChange={handleChange}
      fetchPage={fetchPage}
      // Two people of one name are told apart by what the server sends beside it (company, status, e-mail; a user's department).
      optionRender={(option) => <OptionWithExtra label={option.label} extra={(option.data as { extra?: string }).extra} />}
    />
  );
}

/** An option's name, and beneath it in grey what tells it apart; the chosen value shows the name only. */
function OptionWithExtra({ label, extra }: { label: React.ReactNode; extra?: string }) {
  if (!extra) return <>{label}</>;
  return (
    <div style={{ lineHeight: 1.35 }}>
      <div>{label}</div>
      <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }} data-testid="lookup-option-extra">
        {extra}
      </Typography.Text>
    </div>
  );
}
