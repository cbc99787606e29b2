import { useQueryClient } from '@tanstack/react-query';
import { Card, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, ModuleMeta, RecordPage, RelatedListMeta } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { listRecords } from '../../../../api/crm';
import ListTable from '../../../../components/admin/ListTable';
import LoadingRows from '../../../../components/LoadingRows';
import { useListController } from '../../../../components/admin/useListController';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { fieldTypeView } from '../fieldTypes/registry';
import { recordColumns } from '../list/recordColumns';
import { useRowParts } from '../list/rowParts';
import { recordsKey, viewFilters } from '../list/useRecordListController';
import { withRowFields } from '../moduleRecordViews';
import { ModuleMetaContext } from '../ModuleMetaContext';
import { fieldByName } from '../moduleMeta';
import { useModuleMeta } from '../useModuleMeta';
import { useModulePermissions } from '../useModulePermissions';
import { useRecordLink } from '../useRecordLink';
import { ACTIVITY_KEY } from './timeline/timelineKey';
import { titleWithCount } from './cardTitle';
import type { RelatedTotal } from './relatedTotals';
import type { Currency } from '@orbit/shared/crm/money';
import ConvertedNote from '../../../../components/money/ConvertedNote';

/** Columns of a related list: the first ones of the other module's first view, less the field that points here. */
const RELATED_COLUMNS = 5;

type Props = {
  module: CrmModule;
  id: number;
  related: RelatedListMeta;
  title: string;
  /** Sums over every record of the list the caller may open (not just the page), shown beside the title. */
  totals?: RelatedTotal[];
};

/** Query keys of the related lists of one record start with this (fetched again after the record changes). */
export const relatedListsKey = (module: CrmModule, id: number) => `crm-related-${module}-${id}-`;

/** Records of another module that point at this one (a lead's tasks), for users who may list them. */
export default function RelatedList(props: Props) {
  const can = useModulePermissions(props.related.module);
  const meta = useModuleMeta(props.related.module, can.list);
  if (!can.list || meta.isError) return null;
  // The other module's metadata comes first: its card stands where it will be, rows still to come.
  if (!meta.data) return <RelatedCard {...props} count={undefined} body={<LoadingRows data-testid="related-loading" />} />;
  return (
    <ModuleMetaContext.Provider value={meta.data}>
      <RelatedTable {...props} meta={meta.data} />
    </ModuleMetaContext.Provider>
  );
}

function RelatedTable({ module, id, related, title, totals, meta }: Props & { meta: ModuleMeta }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const recordLink = useRecordLink();
  const field = fieldByName(meta, related.field);
  const pointer = field ? fieldTypeView(field.type).pointAt?.(module, id) : undefined;
  const columns = viewFilters(meta, meta.listViews[0]).columns.filter((c) => c !== related.field).slice(0, RELATED_COLUMNS);
  const list = useListController<object, CrmRecord, RecordPage>({
    queryKey: `${relatedListsKey(module, id)}${related.module}-${related.field}`,
    fetchPage: (page) =>
      listRecords(related.module, {
        ...page,
        filter: { field: related.field, op: 'eq', value: pointer },
        fields: withRowFields(related.module, columns),
        totals: totals?.map((s) => s.total),
      }),
    initialFilters: {},
    enabled: pointer !== undefined,
  });
  const sums = list.data?.totals;
  // A row action (completing a task) changes what this page shows of it: this list, the module's lists, the timeline.
  const rowParts = useRowParts(related.module, () => {
    void queryClient.invalidateQueries({ predicate: ({ queryKey: [key] }) => typeof key === 'string' && key.startsWith(relatedListsKey(module, id)) });
    void queryClient.invalidateQueries({ queryKey: [recordsKey(related.module)] });
    void queryClient.invalidateQueries({ queryKey: [ACTIVITY_KEY, module, id] });
  }, list.data?.readOnly);
  const empty = list.total === 0 && !list.isLoading && !list.isError;
  return (
    <RelatedCard
      {...{ module, id, related, title }}
      count={list.isFirstLoad ? undefined : list.total}
      extra={totals && sums && <RelatedSums meta={meta} totals={totals} sums={sums} currency={list.data?.totalsCurrency} converted={list.data?.totalsConverted === true} />}
      body={
        list.isFirstLoad ? (
          <LoadingRows data-testid="related-loading" />
        ) : empty ? (
          <Typography.Text type="secondary">{t('crm.detail.noRelated')}</Typography.Text>
        ) : (
          <ListTable
            list={list}
            rowKey="id"
            size="small"
            columns={[
              ...recordColumns({
                meta,
                columns,
                lookups: list.data?.lookups,
                sortOrderOf: list.sortOrderOf,
                linkOf: (recordId) => recordLink(related.module, recordId),
                nameTitle: t('crm.list.name'),
              }),
              ...rowParts.actionColumns,
            ]}
            rowClassName={rowParts.rowClassName}
            scroll={{ x: 'max-content' }}
          />
        )
      }
    />
  );
}

/** The card of a related list: its title with the count once known, its sums, and what it holds. */
function RelatedCard({ related, title, count, extra, body }: Props & { count: number | undefined; extra?: ReactNode; body: ReactNode }) {
  return (
    <Card size="small" title={titleWithCount(title, count)} extra={extra} className="crm-detail-section" data-testid={`related-${related.module}-${related.field}`}>
      {body}
    </Card>
  );
}

/**
 * The list's sums, each shown as its field shows a value; money in the currency the server totalled
 * it in (the reader's display currency), saying so when rows of other currencies were converted.
 */
function RelatedSums({ meta, totals, sums, currency, converted }: { meta: ModuleMeta; totals: RelatedTotal[]; sums: string[]; currency?: Currency; converted: boolean }) {
  return (
    <Space size={16} wrap data-testid="related-totals">
      {totals.map((s, i) => {
        const field = fieldByName(meta, s.total.field);
        return (
          <Typography.Text key={s.key} data-testid={`related-total-${s.key}`}>
            <Typography.Text type="secondary">{s.label}: </Typography.Text>
            {field ? <FieldDisplay field={field} value={sums[i] ?? '0'} lookups={{}} currency={currency} /> : sums[i]}
          </Typography.Text>
        );
      })}
      {converted && currency && <ConvertedNote currency={currency} testId="related-converted" />}
    </Space>
  );
}
