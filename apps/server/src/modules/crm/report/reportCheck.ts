import type { Language } from '@orbit/shared/constants';
import { operandShape } from '@orbit/shared/crm/fieldTypes';
import { isCondition, type FilterNode } from '@orbit/shared/crm/filter';
import { isCrmModule, type CrmModule } from '@orbit/shared/crm/modules';
import {
  DATE_TYPES,
  GROUPABLE_TYPES,
  MAX_GROUPINGS,
  MAX_MATRIX_GROUPINGS,
  NUMERIC_TYPES,
  splitRef,
  type CheckedReportDefinition,
  type DateBucket,
  type ReportAggregate,
} from '@orbit/shared/crm/report';
import { SORTABLE_TYPES } from '@orbit/shared/crm/fieldTypes';
import { badRequest } from '../../../lib/errors';
import type { FieldDef } from '../engine/metadata/fieldDef';
import type { ModuleDef } from '../engine/metadata/moduleDef';
import { compileFilter, labelOf } from '../engine/query/filterCompiler';

/** The report's module table and its related one are joined as these aliases. */
export const BASE = 'b';
export const RELATED = 'r';

/** A field reference resolved against the metadata: which table, which field, its label. */
export type ResolvedRef = { ref: string; field: FieldDef; alias: typeof BASE | typeof RELATED; label: string };
export type ResolvedGrouping = ResolvedRef & { bucket: DateBucket | null; axis: 'row' | 'column' };
export type ResolvedAggregate = { key: string; fn: ReportAggregate['fn']; ref: ResolvedRef | null; label: string };

export type ResolvedReport = {
  definition: CheckedReportDefinition;
  base: ModuleDef;
  related: { via: FieldDef; def: ModuleDef } | null;
  columns: ResolvedRef[];
  groups: ResolvedGrouping[];
  aggregates: ResolvedAggregate[];
  sort: { ref: ResolvedRef; order: 'asc' | 'desc' } | null;
};

const AGGREGATE_LABELS: Record<ReportAggregate['fn'], { en: string; zh: string }> = {
  count: { en: 'Record Count', zh: '记录数' },
  sum: { en: 'Sum of', zh: '合计' },
  avg: { en: 'Average', zh: '平均' },
  min: { en: 'Min', zh: '最小' },
  max: { en: 'Max', zh: '最大' },
};

/** 'please fill value': a condition whose operator takes a value but has none (or an empty one). */
function assertValuesFilled(node: FilterNode, def: ModuleDef, lang: Language): void {
  if (!isCondition(node)) {
    for (const child of 'and' in node ? node.and : 'or' in node ? node.or : [node.not]) assertValuesFilled(child, def, lang);
    return;
  }
  if (operandShape(node.op) === 'none') return;
  const v = node.value;
  const empty = v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && (v.length === 0 || v.every((x) => x === null || x === '')));
  if (empty) {
    const field = def.byName.get(node.field);
    throw badRequest('report.fillValue', { field: field ? labelOf(field, lang) : node.field });
  }
}

/**
 * Checks a definition against the current metadata with the builder's rules (the same at save and
 * at run time) and resolves every field it names. `moduleDef` gives a module's metadata. A field
 * that was deleted since the report was saved is named in the refusal, not a server error.
 */
export function resolveReport(definition: CheckedReportDefinition, moduleDef: (m: CrmModule) => ModuleDef, lang: Language): ResolvedReport {
  const base = moduleDef(definition.module);
  let related: ResolvedReport['related'] = null;
  if (definition.related) {
    const via = base.byName.get(definition.related);
    if (!via) throw badRequest('report.fieldMissing', { name: definition.related });
    if (via.type !== 'lookup' || !via.lookupModule || !isCrmModule(via.lookupModule)) throw badRequest('report.relatedInvalid', { name: labelOf(via, lang) });
    related = { via, def: moduleDef(via.lookupModule) };
  }

  const resolve = (ref: string): ResolvedRef => {
    const { via, field: name } = splitRef(ref);
    if (via !== null && (!related || via !== related.via.name)) throw badRequest('report.relatedMissing');
    const def = via === null ? base : related!.def;
    const field = def.byName.get(name);
    if (!field) throw badRequest('report.fieldMissing', { name: ref });
    const label = via === null ? labelOf(field, lang) : `${labelOf(related!.via, lang)} › ${labelOf(field, lang)}`;
    return { ref, field, alias: via === null ? BASE : RELATED, label };
  };

  // SPEC §5: nothing can be grouped or previewed before the display fields are chosen.
  if (!definition.columns.length) throw badRequest('report.displayFieldFirst');
  const columns = definition.columns.map(resolve);

  const { format } = definition;
  const rows = format === 'tabular' ? [] : definition.groupRows;
  const cols = format === 'matrix' ? definition.groupColumns : [];
  if (format === 'tabular' && (definition.groupRows.length || definition.groupColumns.length)) throw badRequest('report.groupsNotTabular');
  if (format === 'summary' && !rows.length) throw badRequest('report.groupsRequired');
  if (format === 'matrix' && (!rows.length || !cols.length)) throw badRequest('report.groupsRequired');
  if (format === 'matrix' && rows.length > MAX_MATRIX_GROUPINGS) throw badRequest('report.tooManyGroups', { max: MAX_MATRIX_GROUPINGS });
  if (rows.length > MAX_GROUPINGS) throw badRequest('report.tooManyGroups', { max: MAX_GROUPINGS });

  const seen = new Set<string>();
  const groups: ResolvedGrouping[] = [...rows.map((g) => ({ g, axis: 'row' as const })), ...cols.map((g) => ({ g, axis: 'column' as const }))].map(({ g, axis }) => {
    // SPEC §5: one field once across the row and column groups.
    if (seen.has(g.field)) throw badRequest('report.groupRepeated');
    seen.add(g.field);
    const ref = resolve(g.field);
    if (!GROUPABLE_TYPES.has(ref.field.type)) throw badRequest('report.notGroupable', { field: ref.label });
    const isDate = DATE_TYPES.has(ref.field.type);
    if (g.bucket && !isDate) throw badRequest('report.bucketNotDate', { field: ref.label });
    return { ...ref, bucket: isDate ? (g.bucket ?? 'month') : null, axis };
  });

  if (format !== 'tabular' && !definition.aggregates.length) throw badRequest('report.aggregatesRequired');
  const word = (fn: ReportAggregate['fn']) => AGGREGATE_LABELS[fn][lang === 'zh' ? 'zh' : 'en'];
  const aggregates: ResolvedAggregate[] = definition.aggregates.map((a, i) => {
    if (a.fn === 'count') return { key: `a${i}`, fn: a.fn, ref: null, label: word('count') };
    if (!a.field) throw badRequest('report.aggregatesRequired');
    const ref = resolve(a.field);
    if (!NUMERIC_TYPES.has(ref.field.type)) throw badRequest('report.notNumeric', { field: ref.label });
    return { key: `a${i}`, fn: a.fn, ref, label: lang === 'zh' ? `${ref.label}${word(a.fn)}` : `${word(a.fn)} ${ref.label}` };
  });

  if (definition.chart) {
    if (format === 'tabular') throw badRequest('report.chartNeedsGroups');
    if (definition.chart.aggregate >= aggregates.length) throw badRequest('report.chartAggregate');
  }

  let sort: ResolvedReport['sort'] = null;
  if (definition.sort) {
    const ref = resolve(definition.sort.field);
    if (!SORTABLE_TYPES.has(ref.field.type)) throw badRequest('sort.unknownField', { name: definition.sort.field });
    sort = { ref, order: definition.sort.order };
  }

  // Filters: values filled ('please fill value'), then the engine's own checks (fields, operators, values).
  if (definition.filter) {
    assertValuesFilled(definition.filter, base, lang);
    compileFilter(definition.filter, base, lang);
  }
  if (definition.relatedFilter) {
    if (!related) throw badRequest('report.relatedMissing');
    assertValuesFilled(definition.relatedFilter, related.def, lang);
    compileFilter(definition.relatedFilter, related.def, lang);
  }

  return { definition, base, related, columns, groups, aggregates, sort };
}
