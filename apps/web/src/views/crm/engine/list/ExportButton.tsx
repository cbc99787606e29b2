import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordExportBody } from '@orbit/shared/contract/recordExport';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { exportRecords } from '../../../../api/crm';
import { useQueuedFile } from '../../../../components/useQueuedFile';
import type { ListSettings } from './listAddress';

type Props = { module: CrmModule; settings: ListSettings; selectedIds: number[] };

/** What each choice exports: the list as it shows, the selected rows, or every record the user may see. */
function exportBody(choice: string, { filter, q, owner, columns, orderByColumn, isAsc }: ListSettings, selectedIds: number[]): RecordExportBody {
  const common = { fields: columns.length ? columns.join(',') : undefined, timezoneOffset: new Date().getTimezoneOffset() };
  if (choice === 'all') return { ...common, owner: 'all' };
  const shown = { ...common, orderByColumn, isAsc: orderByColumn ? isAsc : undefined };
  if (choice === 'selected') return { ...shown, ids: selectedIds };
  return { ...shown, owner, q: q?.trim() || undefined, filter: filter ? JSON.stringify(filter) : undefined };
}

/**
 * Exports a list to Excel as a background job: the answer comes at once, and the file centre
 * opens on the new file, which shows its progress until it can be downloaded.
 */
export default function ExportButton({ module, settings, selectedIds }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { busy, queue } = useQueuedFile();

  const start = async (choice: string) => {
    if (choice === 'selected' && !selectedIds.length) void message.warning(t('server.validation.selectRecord'));
    else await queue(() => exportRecords(module, exportBody(choice, settings, selectedIds)));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        onClick: ({ key }) => void start(key),
        items: [
          { key: 'view', label: t('crm.export.view') },
          { key: 'selected', label: t('crm.export.selected', { count: selectedIds.length }) },
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
