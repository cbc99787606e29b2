import type { FilterOperator } from './fieldTypes';

/**
 * The filter grammar of lists, saved views and reports: a tree of AND / OR / NOT groups whose
 * leaves name a field, an operator and a value. It never carries SQL: the server checks each
 * field against the module's metadata, each operator against the field's type and each value
 * against both, then compiles it with bound parameters only.
 */
export type FilterCondition = { field: string; op: FilterOperator; value?: unknown };
export type FilterNode = FilterCondition | { and: FilterNode[] } | { or: FilterNode[] } | { not: FilterNode };

/** Nesting and size caps: a filter is something a person builds, not a query language. */
export const FILTER_MAX_DEPTH = 5;
export const FILTER_MAX_CONDITIONS = 50;

export const FIELD_NAME_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,62}$/;

export function isCondition(node: FilterNode): node is FilterCondition {
  return 'field' in node;
}

/** Depth and number of conditions of a tree, for the caps. */
export function filterSize(node: FilterNode, depth = 1): { depth: number; conditions: number } {
  if (isCondition(node)) return { depth, conditions: 1 };
  const children = 'and' in node ? node.and : 'or' in node ? node.or : [node.not];
  let result = { depth, conditions: 0 };
  for (const child of children) {
    const size = filterSize(child, depth + 1);
    result = { depth: Math.max(result.depth, size.depth), conditions: result.conditions + size.conditions };
  }
  return result;
}

/**
 * How deeply a JSON value nests, counted without recursion: a hostile body nested a hundred
 * thousand levels deep must be refused before a recursive parser sees it.
 */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Every field a tree names (to check them against the metadata, or to find a view's use of a field). */
export function filterFields(node: FilterNode, into: Set<string> = new Set()): Set<string> {
  if (isCondition(node)) into.add(node.field);
  else for (const child of 'and' in node ? node.and : 'or' in node ? node.or : [node.not]) filterFields(child, into);
  return into;
}
