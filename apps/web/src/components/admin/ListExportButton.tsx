import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/request';
import { flattenParams } from '../../api/flattenParams';
import { useHasPermission } from '../../utils/permission';

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
 * Export of a small administration list: downloads the whole list, with its filters and sort, as
 * an xlsx at once (the server streams it; a list over its row limit is refused with a message to
 * narrow the filters). The business modules' large lists go through the file centre instead.
 */
export default function ListExportButton({ url, permission, params, fileName }: Props) {
  const { t } = useTranslation();
  const allowed = useHasPermission(permission);
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const handleExport = async () => {
    setBusy(true);
    try {
      const { pageNum: _n, pageSize: _s, ...filters } = params;
      await download({
        url,
        method: 'POST',
        data: new URLSearchParams(flattenParams(filters)),
        params: { timezoneOffset: new Date().getTimezoneOffset() },
        fileName: `${fileName}_${dayjs().format('YYYYMMDDHHmmss')}.xlsx`,
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
