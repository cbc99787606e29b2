import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrmRecord } from '@orbit/shared/contract/crm';
import type { CrmModule } from '@orbit/shared/crm/modules';
import { recordViewsOf } from '../moduleRecordViews';
import { useModulePermissions } from '../useModulePermissions';

/**
 * A module's own parts of its rows (moduleRecordViews.ts) for a table of its records: the rows'
 * class and, for users allowed to use them, a last column of one-click actions — on the rows they may
 * change (not those of the page's `readOnly`).
 */
export function useRowParts(module: CrmModule, onChanged: () => void, readOnly: readonly number[] = []): { rowClassName?: (record: CrmRecord) => string; actionColumns: TableColumnsType<CrmRecord> } {
  const { t } = useTranslation();
  const can = useModulePermissions(module);
  const views = recordViewsOf(module);
  const RowActions = views?.RowActions;
  const allowed = !!RowActions && (!views?.rowActionsNeed || can[views.rowActionsNeed]);
  return {
    rowClassName: views?.rowClassName,
    actionColumns: allowed
      ? [{ key: '__actions', title: t('crm.list.rowActions'), fixed: 'right', width: 120, render: (_, record) => !readOnly.includes(record.id) && <RowActions record={record} onChanged={onChanged} /> }]
      : [],
  };
}
