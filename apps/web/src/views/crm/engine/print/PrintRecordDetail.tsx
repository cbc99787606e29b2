import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrmModule } from '@orbit/shared/crm/modules';
import DetailHeader from '../detail/DetailHeader';
import RecordSections from '../detail/RecordSections';
import { useRecord } from '../detail/recordQuery';
import { ModuleMetaContext } from '../ModuleMetaContext';
import { recordName } from '../moduleMeta';
import { useModuleMeta } from '../useModuleMeta';
import PrintFrame from './PrintFrame';
import PrintState from './PrintState';

const nothing = () => undefined;

/** One record on paper: its name, states and key facts as the detail page's header shows them, and the sections of its layout. */
export default function PrintRecordDetail({ module, id }: { module: CrmModule; id: number }) {
  const { t } = useTranslation();
  const meta = useModuleMeta(module);
  const record = useRecord(module, id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const loaded = meta.data && record.data ? { meta: meta.data, answer: record.data } : null;
  return (
    <PrintFrame title={loaded ? recordName(loaded.meta, loaded.answer.data) : t(`crm.record.${module}`)}>
      {!valid ? (
        <Result status="404" title={t('crm.print.unavailable')} subTitle={t('server.record.notFound')} data-testid="print-unavailable" />
      ) : !loaded ? (
        <PrintState
          error={meta.error ?? record.error}
          loading={meta.isLoading || record.isLoading}
          onRetry={() => void (meta.isError ? meta.refetch() : record.refetch())}
        />
      ) : (
        <ModuleMetaContext.Provider value={loaded.meta}>
          <DetailHeader meta={loaded.meta} record={loaded.answer.data} lookups={loaded.answer.lookups} locked={loaded.answer.locked ?? null} actions={null} />
          <div style={{ marginTop: 16 }}>
            <RecordSections
              module={module}
              meta={loaded.meta}
              record={loaded.answer.data}
              lookups={loaded.answer.lookups}
              canEdit={false}
              onSaved={nothing}
              onReload={nothing}
            />
          </div>
        </ModuleMetaContext.Provider>
      )}
    </PrintFrame>
  );
}
