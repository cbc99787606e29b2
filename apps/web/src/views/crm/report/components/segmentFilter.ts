import type { ReportGroupMeta } from '@orbit/shared/contract/report';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { DateBucket, ReportDefinition } from '@orbit/shared/crm/report';

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day of the bucket that starts on `day` ('YYYY-MM-DD'). */
export function bucketEnd(day: string, bucket: DateBucket): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = { day: [y, m - 1, d + 1], week: [y, m - 1, d + 7], month: [y, m, 1], quarter: [y, m + 2, 1], year: [y + 1, 0, 1] }[bucket] as [number, number, number];
  const end = new Date(Date.UTC(next[0], next[1], next[2]) - 86_400_000);
  return `${end.getUTCFullYear()}-${pad(end.getUTCMonth() + 1)}-${pad(end.getUTCDate())}`;
}

/**
 * The filter of the records behind a chart segment: the report's own filter and one condition per
 * group the segment stands for (a date bucket as its days). Null when the module's list cannot say
 * it (a group or a filter on the related module's fields).
 */
export function segmentFilter(definition: Pick<ReportDefinition, 'filter' | 'relatedFilter'>, groups: ReportGroupMeta[], keys: Array<string | number | boolean | null>, rolledUp: boolean[]): FilterNode | null {
  if (definition.relatedFilter) return null;
  const conditions: FilterNode[] = definition.filter ? [definition.filter] : [];
  for (const [i, group] of groups.entries()) {
    if (rolledUp[i]) continue;
    if (group.ref.includes('.')) return null;
    const key = keys[i] ?? null;
    if (key === null) conditions.push({ field: group.ref, op: 'empty' });
    else if (group.bucket) conditions.push({ field: group.ref, op: 'between', value: [String(key), bucketEnd(String(key), group.bucket)] });
    else conditions.push({ field: group.ref, op: 'eq', value: key });
  }
  return conditions.length === 1 ? conditions[0]! : { and: conditions };
}
