import type { ListTotal } from '@orbit/shared/contract/crm';

/**
 * A sum shown beside a related list's title (an account's opportunities: amount, won amount):
 * `total.field` is a currency or number field of the listed module, shown the way that field shows.
 */
export type RelatedTotal = { key: string; label: string; total: ListTotal };

/** Totals of a detail page's related lists, by `{module}.{field}` of the list (`opportunity.accountId`). */
export type RelatedTotals = Record<string, RelatedTotal[]>;
