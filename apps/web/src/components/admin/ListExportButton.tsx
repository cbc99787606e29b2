import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/request';
import { flattenParams } from '../../api/flattenParams';
import { useHasPermission } from '../../utils/permission';
import { useQueuedFile } from '../useQueuedFile';

type Props = {
  /** The list's export path (`/system/user/export`…). */
  url: string;
  permission: string;
  /** The list's filters and sort as it shows them (paging is ignored: the whole list is exported). */
  params: Record<string, unknown>;
  /** File name before its date, e.g. `users`. */
  fileName: string;
};

/**
 * Export of an administration list, with its filters and sort: a short list downloads as an xlsx
 * at once; a long one (the server decides: `queueLarge`) is written in the background instead, and
 * the file centre opens on it as it does for the records' exports.
 */
export default function ListExportButton({ url, permission, params, fileName }: Props) {
  const { t } = useTranslation();
  const allowed = useHasPermission(permission);
  const [busy, setBusy] = useState(false);
  const { announce } = useQueuedFile();
  if (!allowed) return null;
  const handleExport = async () => {
    setBusy(true);
    try {
      const { pageNum: _n, pageSize: _s, ...filters } = params;
      await download({
        url,
        method: 'POST',
        data: new URLSearchParams(flattenParams(filters)),
        params: { timezoneOffset: new Date().getTimezoneOffset(), queueLarge: true },
        fileName: `${fileName}_${dayjs().format('YYYYMMDDHHmmss')}.xlsx`,
        onQueued: (answer) => void announce(answer),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<ExportOutlined />} loading={busy} onClick={() => void handleExport()} data-testid="list-export">
      {t('admin.export')}
    </Button>
  );
}
