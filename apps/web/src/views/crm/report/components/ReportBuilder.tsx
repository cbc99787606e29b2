import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Radio, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import { CRM_MODULES, isCrmModule, type CrmModule } from '@orbit/shared/crm/modules';
import {
  AGGREGATE_FUNCTIONS,
  CHART_TYPES,
  DATE_BUCKETS,
  DATE_TYPES,
  GROUPABLE_TYPES,
  MAX_GROUPINGS,
  MAX_MATRIX_GROUPINGS,
  NUMERIC_TYPES,
  REPORT_FORMATS,
  type ReportDefinition,
  type ReportGrouping,
} from '@orbit/shared/crm/report';
import { previewReport } from '../../../../api/crmReport';
import { RequestError } from '../../../../api/request';
import FilterBuilder from '../../engine/filter/FilterBuilder';
import { useModuleMeta } from '../../engine/useModuleMeta';
import ReportView from './ReportView';

type Option = { value: string; label: string; field: FieldMeta };

/** Fields of the module and, through the related lookup, of the module it points at, as select options. */
function fieldOptions(meta: ModuleMeta | undefined, related: ModuleMeta | undefined, via: FieldMeta | undefined, keep: (f: FieldMeta) => boolean = () => true): Option[] {
  const own = (meta?.fields ?? []).filter(keep).map((f) => ({ value: f.name, label: f.label, field: f }));
  const theirs = via && related ? related.fields.filter(keep).map((f) => ({ value: `${via.name}.${f.name}`, label: `${via.label} › ${f.label}`, field: f })) : [];
  return [...own, ...theirs];
}

export const emptyDefinition = (module: CrmModule = 'opportunity'): ReportDefinition => ({ module, columns: [], format: 'summary', groupRows: [], groupColumns: [], aggregates: [{ fn: 'count' }], chart: { type: 'column', aggregate: 0 } });

type Props = { value: ReportDefinition; onChange: (definition: ReportDefinition) => void };

/**
 * The report builder: module (and a related module through a lookup), display fields, filters,
 * format, groups, figures and chart — with a live preview of at most 100 records (SPEC §9) that
 * follows every change. The server checks the definition with the same rules and its messages
 * (SPEC §5) show above the preview.
 */
export default function ReportBuilder({ value, onChange }: Props) {
  const { t } = useTranslation();
  const def = value;
  const meta = useModuleMeta(def.module).data;
  const via = def.related ? meta?.fields.find((f) => f.name === def.related) : undefined;
  const relatedModule = via?.lookupModule && isCrmModule(via.lookupModule) ? via.lookupModule : undefined;
  const related = useModuleMeta(relatedModule ?? def.module, !!relatedModule).data;
  const relatedMeta = relatedModule ? related : undefined;
  const set = (patch: Partial<ReportDefinition>) => onChange({ ...def, ...patch });

  // The preview follows the definition, a moment after the last change.
  const [debounced, setDebounced] = useState(def);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(def), 400);
    return () => clearTimeout(timer);
  }, [def]);
  const preview = useQuery({
    queryKey: ['report-preview', debounced],
    queryFn: async () => (await previewReport(debounced)).data,
    retry: false,
    staleTime: 30_000,
  });

  const all = fieldOptions(meta, relatedMeta, via);
  const groupable = fieldOptions(meta, relatedMeta, via, (f) => GROUPABLE_TYPES.has(f.type));
  const numeric = fieldOptions(meta, relatedMeta, via, (f) => NUMERIC_TYPES.has(f.type));
  // A new sum starts on money when the module has some (amount rather than probability).
  const firstNumeric = (numeric.find((o) => o.field.type === 'currency') ?? numeric[0])?.value;
  const isDate = (ref: string) => DATE_TYPES.has(all.find((o) => o.value === ref)?.field.type ?? 'text');
  const lookups = (meta?.fields ?? []).filter((f) => f.type === 'lookup' && f.lookupModule && isCrmModule(f.lookupModule) && f.lookupModule !== def.module);

  const groupEditor = (key: 'groupRows' | 'groupColumns', max: number, testId: string) => {
    const groups: ReportGrouping[] = def[key] ?? [];
    const update = (next: ReportGrouping[]) => set({ [key]: next });
    return (
      <Space orientation="vertical" style={{ width: '100%' }} data-testid={testId}>
        {groups.map((g, i) => (
          <Space key={i} wrap>
            <Select style={{ width: 220 }} showSearch optionFilterProp="label" value={g.field} options={groupable} onChange={(field) => update(groups.map((x, j) => (j === i ? { field, ...(isDate(field) ? { bucket: 'month' as const } : {}) } : x)))} data-testid={`${testId}-field-${i}`} />
            {isDate(g.field) && (
              <Select style={{ width: 120 }} value={g.bucket ?? 'month'} options={DATE_BUCKETS.map((b) => ({ value: b, label: t(`report.bucket.${b}`) }))} onChange={(bucket) => update(groups.map((x, j) => (j === i ? { ...x, bucket } : x)))} data-testid={`${testId}-bucket-${i}`} />
            )}
            <Button type="link" danger onClick={() => update(groups.filter((_, j) => j !== i))}>
              {t('report.remove')}
            </Button>
          </Space>
        ))}
        {groups.length < max && (
          <Select
            style={{ width: 220 }}
            placeholder={t('report.addGroup')}
            showSearch
            optionFilterProp="label"
            value={null}
            options={groupable}
            onChange={(field: string) => update([...groups, { field, ...(isDate(field) ? { bucket: 'month' as const } : {}) }])}
            data-testid={`${testId}-add`}
          />
        )}
      </Space>
    );
  };

  if (!meta) return <Skeleton active />;
  const error = preview.error instanceof RequestError ? preview.error.message : preview.error ? t('common.loadFailed') : null;

  return (
    <Row gutter={16}>
      <Col xs={24} xl={10}>
        <Card size="small" data-testid="report-builder">
          <Form layout="vertical" size="middle">
            <Form.Item label={t('report.module')}>
              <Select
                value={def.module}
                options={CRM_MODULES.map((m) => ({ value: m, label: t(`crm.module.${m}`) }))}
                onChange={(module: CrmModule) => onChange({ ...emptyDefinition(module), format: def.format })}
                data-testid="report-module"
              />
            </Form.Item>
            <Form.Item label={t('report.related')} extra={t('report.relatedHelp')}>
              <Select
                allowClear
                value={def.related ?? null}
                placeholder={t('report.noRelated')}
                options={lookups.map((f) => ({ value: f.name, label: `${f.label} (${t(`crm.module.${f.lookupModule as CrmModule}`)})` }))}
                onChange={(related: string | undefined) => set({ related: related ?? null, columns: def.columns.filter((c) => !c.includes('.')), relatedFilter: null })}
                data-testid="report-related"
              />
            </Form.Item>
            <Form.Item label={t('report.columns')} required>
              <Select mode="multiple" showSearch optionFilterProp="label" value={def.columns} options={all} onChange={(columns: string[]) => set({ columns })} data-testid="report-columns" placeholder={t('report.columnsHelp')} />
            </Form.Item>
            <Form.Item label={t('report.filter')}>
              <FilterBuilder key={def.module} meta={meta} value={def.filter ?? null} onApply={(filter) => set({ filter })} />
            </Form.Item>
            <Form.Item label={t('report.format')}>
              <Radio.Group
                optionType="button"
                value={def.format}
                options={REPORT_FORMATS.map((f) => ({ value: f, label: t(`report.formatName.${f}`) }))}
                onChange={(e) => {
                  const format = e.target.value as ReportDefinition['format'];
                  set({ format, groupRows: format === 'tabular' ? [] : def.groupRows, groupColumns: format === 'matrix' ? def.groupColumns : [], chart: format === 'tabular' ? null : def.chart });
                }}
                data-testid="report-format"
              />
            </Form.Item>
            {def.format !== 'tabular' && (
              <Form.Item label={def.format === 'matrix' ? t('report.groupRows') : t('report.groups')}>{groupEditor('groupRows', def.format === 'matrix' ? MAX_MATRIX_GROUPINGS : MAX_GROUPINGS, 'report-group-rows')}</Form.Item>
            )}
            {def.format === 'matrix' && <Form.Item label={t('report.groupColumns')}>{groupEditor('groupColumns', MAX_MATRIX_GROUPINGS, 'report-group-columns')}</Form.Item>}
            <Form.Item label={t('report.aggregates')}>
              <Space orientation="vertical" style={{ width: '100%' }} data-testid="report-aggregates">
                {(def.aggregates ?? []).map((a, i) => (
                  <Space key={i} wrap>
                    <Select
                      style={{ width: 140 }}
                      value={a.fn}
                      options={AGGREGATE_FUNCTIONS.map((fn) => ({ value: fn, label: t(`report.fn.${fn}`) }))}
                      onChange={(fn) => set({ aggregates: def.aggregates!.map((x, j) => (j === i ? (fn === 'count' ? { fn } : { fn, field: x.field ?? firstNumeric }) : x)) })}
                      data-testid={`report-aggregate-fn-${i}`}
                    />
                    {a.fn !== 'count' && (
                      <Select style={{ width: 220 }} value={a.field} options={numeric} onChange={(field: string) => set({ aggregates: def.aggregates!.map((x, j) => (j === i ? { ...x, field } : x)) })} data-testid={`report-aggregate-field-${i}`} />
                    )}
                    <Button type="link" danger onClick={() => set({ aggregates: def.aggregates!.filter((_, j) => j !== i), chart: def.chart ? { ...def.chart, aggregate: 0 } : def.chart })}>
                      {t('report.remove')}
                    </Button>
                  </Space>
                ))}
                <Button size="small" onClick={() => set({ aggregates: [...(def.aggregates ?? []), firstNumeric ? { fn: 'sum', field: firstNumeric } : { fn: 'count' }] })} data-testid="report-aggregate-add">
                  {t('report.addAggregate')}
                </Button>
              </Space>
            </Form.Item>
            {def.format !== 'tabular' && (
              <Form.Item label={t('report.chart')}>
                <Space wrap>
                  <Select
                    style={{ width: 160 }}
                    allowClear
                    placeholder={t('report.noChart')}
                    value={def.chart?.type ?? null}
                    options={CHART_TYPES.map((c) => ({ value: c, label: t(`report.chartType.${c}`) }))}
                    onChange={(type) => set({ chart: type ? { type, aggregate: def.chart?.aggregate ?? 0 } : null })}
                    data-testid="report-chart-type"
                  />
                  {def.chart && (def.aggregates ?? []).length > 1 && (
                    <Select style={{ width: 200 }} value={def.chart.aggregate} options={(def.aggregates ?? []).map((a, i) => ({ value: i, label: `${t(`report.fn.${a.fn}`)}${a.field ? ` · ${all.find((o) => o.value === a.field)?.label ?? a.field}` : ''}` }))} onChange={(aggregate: number) => set({ chart: { ...def.chart!, aggregate } })} />
                  )}
                </Space>
              </Form.Item>
            )}
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card size="small" title={t('report.preview')} extra={<Typography.Text type="secondary">{t('report.previewHelp', { count: 100 })}</Typography.Text>} data-testid="report-preview">
          {error ? (
            <Alert type="warning" showIcon title={error} data-testid="report-preview-error" />
          ) : !preview.data ? (
            <Skeleton active />
          ) : (
            <ReportView result={preview.data} chart={debounced.chart} meta={meta} related={relatedMeta} loading={preview.isFetching} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
