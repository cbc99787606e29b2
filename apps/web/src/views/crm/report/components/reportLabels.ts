import { useTranslation } from 'react-i18next';
import type { Language } from '@orbit/shared/constants';
import type { FieldMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import type { ReportResult } from '@orbit/shared/contract/report';
import { splitRef, type DateBucket } from '@orbit/shared/crm/report';
import { dictLabel, useDict } from '../../../../components/dict/useDict';
import { asCurrency, formatCurrency } from '../../../../utils/formatCurrency';
import { lookupText } from '../../engine/lookupNames';

/** A field reference's metadata: `amount` in the report's module, `accountId.industry` in the related one. */
export function fieldOf(ref: string, meta: ModuleMeta | undefined, related: ModuleMeta | undefined): FieldMeta | undefined {
  const { via, field } = splitRef(ref);
  return (via === null ? meta : related)?.fields.find((f) => f.name === field);
}

/** The first day of a date bucket as its period: "2026 Q3", "2026-11", "2026", a week by its Monday. */
export function bucketText(day: string, bucket: DateBucket | null, language: Language): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  switch (bucket) {
    case 'year':
      return String(y);
    case 'quarter':
      return `${y} Q${Math.floor((m - 1) / 3) + 1}`;
    case 'month':
      return language === 'zh' ? `${y}年${m}月` : `${y}-${String(m).padStart(2, '0')}`;
    case 'week':
      return language === 'zh' ? `${day} 当周` : `Week of ${day}`;
    default:
      return day;
  }
}

/** An aggregate's value as text: counts as integers, money in the language's currency, other numbers grouped. */
export function valueText(value: string | number | null, field: FieldMeta | undefined, language: Language, currency?: string): string {
  if (value === null) return '—';
  // Totals of money are in the currency the answer names: the reader's display currency (converted when records are in others).
  if (field?.type === 'currency') return formatCurrency(value, language, asCurrency(currency));
  const n = Number(value);
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 2 }).format(n) + (field?.type === 'percent' ? '%' : '');
}

/**
 * How a result's group keys and figures read: picklists through their dictionary, lookups by the
 * names the answer carries, dates as their period, empty as "(empty)". `ready` once the metadata
 * (`metaLoading`: the caller's metadata queries are still on their first fetch) and dictionaries
 * the labels need are in: drawn before, a chart or table would show codes (`needs_analysis`) and
 * ids where names belong, so callers show a placeholder until then. Metadata that could not be
 * loaded counts as in: nothing better will come, and the codes are then all there is to show.
 */
export function useResultLabels(result: ReportResult | undefined, meta: ModuleMeta | undefined, related: ModuleMeta | undefined, metaLoading = false) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const groupFields = (result?.groups ?? []).map((g) => fieldOf(g.ref, meta, related));
  const dictTypes = [...new Set(groupFields.flatMap((f) => (f?.type === 'picklist' && f.dictType ? [f.dictType] : [])))];
  const dicts = useDict(...dictTypes);
  const ready = !metaLoading && dictTypes.every((type) => dicts[type] !== undefined);
  const keyText = (groupIndex: number, key: string | number | boolean | null): string => {
    if (key === null) return t('report.empty');
    const field = groupFields[groupIndex];
    const group = result!.groups[groupIndex]!;
    if (field?.type === 'picklist' && field.dictType) return dictLabel(dicts[field.dictType], key);
    if (field?.type === 'lookup' && field.lookupModule) return lookupText(t, result!.lookups, field.lookupModule, Number(key));
    if (field?.type === 'checkbox') return key ? t('crm.yes') : t('crm.no');
    if (field?.type === 'currency') return formatCurrency(String(key), language);
    if (group.bucket) return bucketText(String(key), group.bucket, language);
    return String(key);
  };
  const aggregateText = (index: number, value: string | number | null) => {
    const aggregate = result!.aggregates[index]!;
    return valueText(value, aggregate.fn === 'count' || !aggregate.ref ? undefined : fieldOf(aggregate.ref, meta, related), language, result!.currency);
  };
  return { keyText, aggregateText, language, ready };
}
