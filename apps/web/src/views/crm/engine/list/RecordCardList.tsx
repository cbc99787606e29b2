import { Empty, Pagination, Spin, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrmRecord, FieldMeta, ModuleMeta, RecordPage } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import LoadError from '../../../../components/admin/LoadError';
import type { ListController } from '../../../../components/admin/useListController';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { fieldByName, recordName } from '../moduleMeta';
import RecordNameLink from '../RecordNameLink';
import type { RecordFilters } from './useRecordListController';
import { currencyOfRecord } from '../../../../utils/formatCurrency';

/** How many of the list's columns a card shows under the record's name. */
const CARD_FIELDS = 4;

type Props = {
  module: CrmModule;
  meta: ModuleMeta;
  list: ListController<RecordFilters, CrmRecord, RecordPage>;
  /** The list's columns in order: a card shows the first ones after the name. */
  columns: string[];
  /** The module's one-click row actions (a task's Complete), as the table's last column draws them. */
  actionColumns: TableColumnsType<CrmRecord>;
  filtered: boolean;
};

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

/**
 * A module's list on a phone: one card per record — its name (to its page) and the list's first
 * columns, labelled — with the same paging as the table. Selecting rows for mass actions is left
 * to a wider screen.
 */
export default function RecordCardList({ module, meta, list, columns, actionColumns, filtered }: Props) {
  const { t } = useTranslation();
  if (list.isError) return <LoadError onRetry={list.refetch} />;
  const fields = columns
    .filter((name) => !meta.nameFields.includes(name))
    .map((name) => fieldByName(meta, name))
    .filter((f): f is FieldMeta => !!f)
    .slice(0, CARD_FIELDS);
  const lookups = list.data?.lookups;
  return (
    <Spin spinning={list.isLoading}>
      {list.rows.length === 0 && !list.isLoading ? (
        <Empty description={t(filtered ? 'crm.list.noMatch' : 'crm.list.empty')} />
      ) : (
        <ul className="crm-card-list" data-testid="record-cards">
          {list.rows.map((record, index) => (
            <li key={record.id} className="crm-record-card" data-testid={`record-card-${record.id}`}>
              <div className="crm-record-card-name">
                <RecordNameLink module={module} id={record.id} name={recordName(meta, record)} />
              </div>
              <dl className="crm-record-card-fields">
                {fields.map((field) =>
                  isEmpty(record[field.name]) ? null : (
                    <div key={field.name}>
                      <dt>{field.label}</dt>
                      <dd>
                        <FieldDisplay field={field} value={record[field.name]} lookups={lookups} currency={currencyOfRecord(record)} />
                      </dd>
                    </div>
                  ),
                )}
              </dl>
              {actionColumns.map((column) => (
                <div key={String(column.key)} className="crm-record-card-actions">
                  {'render' in column && column.render ? (column.render(undefined, record, index) as React.ReactNode) : null}
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
      <div className="crm-card-list-pager">
        <span>{t('admin.total', { total: list.total })}</span>
        <Pagination simple current={list.pagination.current} pageSize={list.pagination.pageSize} total={list.total} onChange={list.goToPage} />
      </div>
    </Spin>
  );
}
