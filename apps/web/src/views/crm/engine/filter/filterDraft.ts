import type { FieldMeta } from '@orbit/shared/contract/crm';
import { OPERATORS_BY_TYPE, operandShape, type FilterOperator } from '@orbit/shared/crm/fieldTypes';
import { isCondition, type FilterNode } from '@orbit/shared/crm/filterTree';

/**
 * The filter builder's working copy of a filter tree: groups that match all, any or none of their
 * items, and conditions that may still be half filled in. Only complete conditions reach the tree
 * sent to the server (`toFilter`).
 */
export type ConditionDraft = { kind: 'condition'; key: string; field?: string; op?: FilterOperator; value?: unknown };
export type GroupMatch = 'all' | 'any' | 'none';
export type GroupDraft = { kind: 'group'; key: string; match: GroupMatch; items: DraftItem[] };
export type DraftItem = ConditionDraft | GroupDraft;

let lastKey = 0;
const newKey = () => `filter-${++lastKey}`;

export const emptyCondition = (): ConditionDraft => ({ kind: 'condition', key: newKey() });
export const emptyGroup = (match: GroupMatch = 'all'): GroupDraft => ({ kind: 'group', key: newKey(), match, items: [] });

function itemOf(node: FilterNode): DraftItem {
  if (isCondition(node)) return { kind: 'condition', key: newKey(), field: node.field, op: node.op, value: node.value };
  return toDraft(node);
}

/** A tree (a saved view's, say) as a draft; the top is always a group. */
export function toDraft(node: FilterNode | null | undefined): GroupDraft {
  if (!node) return emptyGroup();
  if (isCondition(node)) return { ...emptyGroup(), items: [itemOf(node)] };
  if ('and' in node) return { ...emptyGroup('all'), items: node.and.map(itemOf) };
  if ('or' in node) return { ...emptyGroup('any'), items: node.or.map(itemOf) };
  // "none of" is NOT (a OR b …); any other NOT is "none of" its one item.
  const inner = node.not;
  return { ...emptyGroup('none'), items: !isCondition(inner) && 'or' in inner ? inner.or.map(itemOf) : [itemOf(inner)] };
}

/** A condition the server can run: a field, an operator, and a value of the operator's shape. */
export function isComplete(condition: ConditionDraft): boolean {
  if (!condition.field || !condition.op) return false;
  const { value } = condition;
  switch (operandShape(condition.op)) {
    case 'none':
      return true;
    case 'list':
      return Array.isArray(value) && value.length > 0;
    case 'range':
      // "between" may leave one end open (at least / at most).
      return Array.isArray(value) && value.length === 2 && value.some((v) => v !== null && v !== undefined && v !== '');
    default:
      return value !== undefined && value !== null && value !== '';
  }
}

/** The tree to send: complete conditions only, empty groups dropped, a lone item not wrapped. */
export function toFilter(group: GroupDraft): FilterNode | null {
  const items = group.items.flatMap((item): FilterNode[] => {
    if (item.kind === 'group') {
      const node = toFilter(item);
      return node ? [node] : [];
    }
    if (!isComplete(item)) return [];
    const operandless = operandShape(item.op!) === 'none';
    return [operandless ? { field: item.field!, op: item.op! } : { field: item.field!, op: item.op!, value: item.value }];
  });
  if (!items.length) return null;
  if (group.match === 'none') return { not: items.length === 1 ? items[0]! : { or: items } };
  if (items.length === 1) return items[0]!;
  return group.match === 'all' ? { and: items } : { or: items };
}

export function countConditions(group: GroupDraft): number {
  return group.items.reduce((n, item) => n + (item.kind === 'group' ? countConditions(item) : 1), 0);
}

/** A condition after its field changed: the first operator of the new field's type, no value. */
export function withField(condition: ConditionDraft, field: FieldMeta): ConditionDraft {
  return { ...condition, field: field.name, op: OPERATORS_BY_TYPE[field.type][0], value: undefined };
}

/** A condition after its operator changed: the value stays while its shape fits the new operator. */
export function withOperator(condition: ConditionDraft, op: FilterOperator): ConditionDraft {
  const keep = condition.op && operandShape(condition.op) === operandShape(op);
  return { ...condition, op, value: keep ? condition.value : undefined };
}

/** Replaces the item with this key anywhere in the tree (or removes it when `next` is null). */
export function replaceItem(group: GroupDraft, key: string, next: DraftItem | null): GroupDraft {
  return {
    ...group,
    items: group.items.flatMap((item) => {
      if (item.key === key) return next ? [next] : [];
      return item.kind === 'group' ? [replaceItem(item, key, next)] : [item];
    }),
  };
}
