import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordExportBody } from '@orbit/shared/contract/recordExport';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { exportRecords } from '../../../../api/crm';
import { useQueuedFile } from '../../../../components/useQueuedFile';
import type { ListSettings } from './listAddress';

type Props = {
  module: CrmModule;
  settings: ListSettings;
  selectedIds: number[];
  /** How many records the list shows (undefined while it loads): a list showing none offers no export of itself. */
  total?: number;
};

/** What each choice exports: the list as it shows, the selected rows, or every record the user may see. */
function exportBody(choice: string, { filter, q, owner, columns, orderByColumn, isAsc }: ListSettings, selectedIds: number[]): RecordExportBody {
  const common = { fields: columns.length ? columns.join(',') : undefined, timezoneOffset: new Date().getTimezoneOffset() };
  if (choice === 'all') return { ...common, owner: 'all' };
  const shown = { ...common, orderByColumn, isAsc: orderByColumn ? isAsc : undefined };
  if (choice === 'selected') return { ...shown, ids: selectedIds };
  return { ...shown, owner, q: q?.trim() || undefined, filter: filter ? JSON.stringify(filter) : undefined };
}

/**
 * Exports a list to Excel. A short one downloads at once (the server writes it while the request
 * waits); a long one is a background job, announced, and the file centre opens on it. Both stay
 * listed in the file centre. A choice that would export nothing (no row selected, an empty list)
 * is offered disabled.
 */
export default function ExportButton({ module, settings, selectedIds, total }: Props) {
  const { t } = useTranslation();
  const { busy, queue } = useQueuedFile();

  const start = (choice: string) => queue(() => exportRecords(module, exportBody(choice, settings, selectedIds)));

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        onClick: ({ key }) => void start(key),
        items: [
          { key: 'view', label: t('crm.export.view'), disabled: total === 0 },
          { key: 'selected', label: t('crm.export.selected', { count: selectedIds.length }), disabled: !selectedIds.length },
          { key: 'all', label: t('crm.export.all') },
        ],
      }}
    >
      <Button icon={<ExportOutlined />} loading={busy} data-testid="list-export">
        {t('crm.export.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
