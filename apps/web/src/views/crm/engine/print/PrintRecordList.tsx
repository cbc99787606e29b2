import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_PAGE_SIZE } from '@orbit/shared/constants';
import type { CrmRecord, FieldMeta, ModuleMeta, RecordPage } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { listRecords } from '../../../../api/crm';
import { FieldDisplay } from '../fieldTypes/FieldDisplay';
import { fieldTypeView } from '../fieldTypes/registry';
import type { ListSettings } from '../list/listAddress';
import { viewFilters } from '../list/useRecordListController';
import { ModuleMetaContext } from '../ModuleMetaContext';
import { fieldByName, recordName } from '../moduleMeta';
import { useModuleMeta } from '../useModuleMeta';
import PrintFrame from './PrintFrame';
import PrintState from './PrintState';

/** A print holds at most one page of the list endpoint; a longer list says how much is left out. */
const PRINT_ROWS = MAX_PAGE_SIZE;

type Props = { module: CrmModule; settings: ListSettings };

/** A list as the list page showed it (its view's name, filter, sort, columns, owner scope and search) on paper. */
export default function PrintRecordList({ module, settings }: { module: CrmModule; settings: ListSettings | null }) {
  const { t } = useTranslation();
  const meta = useModuleMeta(module);
  const title = t(`crm.module.${module}`);
  return (
    <PrintFrame title={title}>
      {!settings ? (
        <Result status="warning" title={t('crm.print.unavailable')} subTitle={t('crm.print.badAddress')} data-testid="print-unavailable" />
      ) : meta.data ? (
        <ModuleMetaContext.Provider value={meta.data}>
          <PrintedList module={module} meta={meta.data} settings={settings} title={title} />
        </ModuleMetaContext.Provider>
      ) : (
        <PrintState error={meta.error} loading={meta.isLoading} onRetry={() => void meta.refetch()} />
      )}
    </PrintFrame>
  );
}

function PrintedList({ module, meta, settings, title }: Props & { meta: ModuleMeta; title: string }) {
  const { t, i18n } = useTranslation();
  const view = meta.listViews.find((v) => v.id === settings.viewId);
  const known = settings.columns.map((name) => fieldByName(meta, name)).filter((f): f is FieldMeta => !!f);
  const columns = known.length ? known : viewFilters(meta, view ?? meta.listViews[0]).columns.map((name) => fieldByName(meta, name)!);
  const named = columns.some((f) => meta.nameFields.includes(f.name));
  const sortField = settings.orderByColumn ? fieldByName(meta, settings.orderByColumn) : undefined;

  const page = useQuery({
    queryKey: ['crm-print-list', module, settings, i18n.language],
    queryFn: (): Promise<RecordPage> =>
      listRecords(module, {
        pageNum: 1,
        pageSize: PRINT_ROWS,
        q: settings.q,
        owner: settings.owner,
        filter: settings.filter,
        fields: columns.map((f) => f.name),
        orderByColumn: settings.orderByColumn,
        isAsc: settings.isAsc,
      }),
    staleTime: 0,
  });

  const facts = [
    t('crm.print.owner', { scope: t(`crm.owner.${settings.owner}`) }),
    settings.q && t('crm.print.search', { q: settings.q }),
    settings.filter && t('crm.print.filtered'),
    sortField && t(settings.isAsc === 'asc' ? 'crm.print.sortedAsc' : 'crm.print.sortedDesc', { field: sortField.label }),
    page.data && t('crm.print.count', { count: page.data.total }),
  ].filter(Boolean);

  return (
    <>
      <Typography.Title level={3} className="print-title" data-testid="print-title">
        {title}
        {view ? ` · ${view.label}` : ''}
      </Typography.Title>
      <Space separator="·" wrap className="print-facts" data-testid="print-facts">
        {facts.map((fact) => (
          <span key={String(fact)}>{fact}</span>
        ))}
      </Space>
      {!page.data ? (
        <PrintState error={page.error} loading={page.isLoading} onRetry={() => void page.refetch()} />
      ) : page.data.rows.length === 0 ? (
        <Empty description={t(settings.filter || settings.q ? 'crm.list.noMatch' : 'crm.list.empty')} />
      ) : (
        <>
          {page.data.total > page.data.rows.length && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('crm.print.truncated', { shown: page.data.rows.length, total: page.data.total })}
              data-testid="print-truncated"
            />
          )}
          <table className="print-table" data-testid="print-table">
            <thead>
              <tr>
                {!named && <th>{t('crm.list.name')}</th>}
                {columns.map((f) => (
                  <th key={f.name}>{f.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page.data.rows.map((record: CrmRecord) => (
                <tr key={record.id}>
                  {!named && <td>{recordName(meta, record)}</td>}
                  {columns.map((f) => (
                    <td key={f.name} className={fieldTypeView(f.type).align === 'right' ? 'print-number' : undefined}>
                      <FieldDisplay field={f} value={record[f.name]} lookups={page.data.lookups} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
