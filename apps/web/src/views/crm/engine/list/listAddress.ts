import type { Sort } from '../../../../components/admin/useListController';
import type { RecordFilters } from './useRecordListController';

/**
 * What a list shows — its filter, columns, sort, owner scope and quick search, and the view they
 * started from — as another page (the print view) receives it in its address. The parameters are
 * the list endpoint's own (`recordListQuery`), so the address is read with the server's rules; the
 * view travels as `view`, for its name only: its settings are already in the others.
 */
export type ListSettings = RecordFilters & Sort & { viewId?: number };

export function listAddressQuery(settings: ListSettings): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | undefined) => {
    if (value) params.set(name, value);
  };
  put('view', settings.viewId ? String(settings.viewId) : undefined);
  put('owner', settings.owner);
  put('q', settings.q?.trim());
  put('filter', settings.filter ? JSON.stringify(settings.filter) : undefined);
  put('fields', settings.columns.join(','));
  put('orderByColumn', settings.orderByColumn);
  put('isAsc', settings.orderByColumn ? settings.isAsc : undefined);
  return params.toString();
}
