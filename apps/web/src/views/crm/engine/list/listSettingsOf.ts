import { recordListQuery } from '@orbit/shared/contract/crm';
import type { FilterNode } from '@orbit/shared/crm/filter';
import type { ListSettings } from './listAddress';

// Apart from `listAddressQuery` (listAddress.ts), which the list page uses: reading an address
// takes the list endpoint's zod schema, which only the print page needs to load.
const addressQuery = recordListQuery.omit({ viewId: true, pageNum: true, pageSize: true });

/** The settings of an address made by `listAddressQuery`; null when it was tampered with beyond reading. */
export function listSettingsOf(params: URLSearchParams): ListSettings | null {
  const parsed = addressQuery.safeParse(Object.fromEntries([...params].filter(([name]) => name !== 'view')));
  if (!parsed.success) return null;
  const { q, owner, filter, fields, orderByColumn, isAsc } = parsed.data;
  const viewId = Number(params.get('view'));
  return {
    q,
    owner: owner ?? 'all',
    filter: (filter as FilterNode | undefined) ?? null,
    columns: fields ? fields.split(',') : [],
    orderByColumn,
    isAsc: isAsc === 'asc' || isAsc === 'ascending' ? 'asc' : isAsc ? 'desc' : undefined,
    viewId: Number.isSafeInteger(viewId) && viewId > 0 ? viewId : undefined,
  };
}
