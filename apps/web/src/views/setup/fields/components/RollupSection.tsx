import { useQueries } from '@tanstack/react-query';
import { Alert, Card, Form, Radio, Select, Skeleton, Space, Tag, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMeta, ModuleMeta } from '@orbit/shared/contract/crm';
import { NUMERIC_TYPES } from '@orbit/shared/crm/fieldTypes';
import type { FilterNode } from '@orbit/shared/crm/filterTree';
import { CRM_MODULES, type CrmModule } from '@orbit/shared/crm/modules';
import { ROLLUP_FUNCTIONS, type RollupFunction } from '@orbit/shared/crm/rollup';
import { getModuleMeta } from '../../../../api/crm';
import LoadError from '../../../../components/admin/LoadError';
import FilterBuilder from '../../../crm/engine/filter/FilterBuilder';
import { ModuleMetaContext } from '../../../crm/engine/ModuleMetaContext';

/** The roll-up part of a new field's values (the filter is kept apart: the filter builder applies it). */
export type RollupValues = { child?: CrmModule; via?: string; fn?: RollupFunction; field?: string | null };

/** The child's fields a roll-up may summarise, as the server's check allows: stored numbers, and dates for min/max. */
export function summableFields(child: ModuleMeta, fn: RollupFunction | undefined): FieldMeta[] {
  if (!fn || fn === 'count') return [];
  return child.fields.filter((f) => !f.formula && !f.rollup && (NUMERIC_TYPES.has(f.type) || (fn !== 'sum' && f.type === 'date')));
}

/** The related lists a record of `module` has: each module's lookups pointing at it. */
export function relatedListsOf(module: CrmModule, metas: ModuleMeta[]): Array<{ child: ModuleMeta; via: FieldMeta }> {
  return metas.flatMap((child) => child.fields.filter((f) => f.type === 'lookup' && f.lookupModule === module && !f.formula).map((via) => ({ child, via })));
}

type Props = { module: CrmModule; form: FormInstance; filter: FilterNode | null; onFilter: (filter: FilterNode | null) => void };

/**
 * A new roll-up summary field (docs/records-engine.md, "Roll-up summary fields"): which related list
 * (the child module and its lookup to this one), count / sum / min / max of which field, and the
 * children it counts (the list filters' builder, on the child's fields). The server checks it again.
 */
export default function RollupSection({ module, form, filter, onFilter }: Props) {
  const { t } = useTranslation();
  const metas = useQueries({ queries: CRM_MODULES.map((m) => ({ queryKey: ['crm-meta', m], queryFn: async () => (await getModuleMeta(m)).data })) });
  const [filterKey, setFilterKey] = useState(0);
  const child = Form.useWatch(['rollup', 'child'], form) as CrmModule | undefined;
  const fn = Form.useWatch(['rollup', 'fn'], form) as RollupFunction | undefined;
  if (metas.some((q) => q.isError)) return <LoadError onRetry={() => metas.forEach((q) => void q.refetch())} />;
  if (metas.some((q) => !q.data)) {
    return (
      <div data-testid="rollup-loading">
        <Skeleton active />
      </div>
    );
  }
  const related = relatedListsOf(module, metas.map((q) => q.data!));
  if (!related.length) return <Alert type="info" showIcon title={t('setup.rollup.noRelated')} data-testid="rollup-none" />;
  const childMeta = related.find((r) => r.child.module === child)?.child;
  const vias = related.filter((r) => r.child.module === child).map((r) => r.via);
  const summable = childMeta ? summableFields(childMeta, fn) : [];
  const children = [...new Map(related.map((r) => [r.child.module, r.child])).values()];

  return (
    <div data-testid="rollup-section">
      <Space wrap align="start">
        <Form.Item name={['rollup', 'child']} label={t('setup.rollup.child')} rules={[{ required: true }]}>
          <Select
            style={{ minWidth: 200 }}
            data-testid="rollup-child"
            options={children.map((c) => ({ value: c.module, label: t(`crm.module.${c.module}`) }))}
            onChange={(next: CrmModule) => {
              // The lookup (when the list has just one), the summed field and the filter belong to the list chosen before.
              const own = related.filter((r) => r.child.module === next);
              form.setFieldValue(['rollup', 'via'], own.length === 1 ? own[0]!.via.name : undefined);
              form.setFieldValue(['rollup', 'field'], undefined);
              onFilter(null);
              setFilterKey((k) => k + 1);
            }}
          />
        </Form.Item>
        <Form.Item name={['rollup', 'via']} label={t('setup.rollup.via')} rules={[{ required: true }]} hidden={vias.length < 2}>
          <Select style={{ minWidth: 200 }} data-testid="rollup-via" options={vias.map((v) => ({ value: v.name, label: v.label }))} />
        </Form.Item>
        <Form.Item name={['rollup', 'fn']} label={t('setup.rollup.fn')} rules={[{ required: true }]}>
          <Radio.Group
            data-testid="rollup-fn"
            optionType="button"
            options={ROLLUP_FUNCTIONS.map((f) => ({ value: f, label: t(`setup.rollup.fn.${f}`) }))}
            onChange={() => form.setFieldValue(['rollup', 'field'], undefined)}
          />
        </Form.Item>
        {fn && fn !== 'count' && (
          <Form.Item name={['rollup', 'field']} label={t('setup.rollup.field')} rules={[{ required: true }]}>
            <Select style={{ minWidth: 200 }} disabled={!childMeta} data-testid="rollup-field" options={summable.map((f) => ({ value: f.name, label: f.label }))} />
          </Form.Item>
        )}
      </Space>
      {childMeta && (
        <Card
          size="small"
          title={t('setup.rollup.filter', { module: t(`crm.module.${childMeta.module}`) })}
          extra={<Tag color={filter ? 'blue' : 'default'} data-testid="rollup-filter-state">{filter ? t('setup.rollup.filterApplied') : t('setup.rollup.filterNone')}</Tag>}
          style={{ marginBottom: 16 }}
        >
          <ModuleMetaContext.Provider value={childMeta}>
            <FilterBuilder
              key={`${childMeta.module}-${filterKey}`}
              meta={childMeta}
              value={filter}
              onApply={(next) => {
                onFilter(next);
                setFilterKey((k) => k + 1);
              }}
            />
          </ModuleMetaContext.Provider>
        </Card>
      )}
    </div>
  );
}
