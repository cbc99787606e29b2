import type { TreeSelectNode } from '@orbit/shared/contract/common';

/**
 * Builds `{ id, label, children }` trees (RuoYi's TreeSelect) from flat rows. A row whose parent
 * is not in the list is a root, so a user who sees only part of the tree still gets a tree.
 */
export function toTreeSelect<T>(rows: T[], pick: (row: T) => { id: number; parentId: number; label: string; disabled?: boolean }): TreeSelectNode[] {
  const nodes = new Map<number, TreeSelectNode & { parentId: number }>();
  for (const row of rows) {
    const { id, parentId, label, disabled } = pick(row);
    nodes.set(id, { id, label, parentId, ...(disabled ? { disabled } : {}) });
  }
  const roots: TreeSelectNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const strip = (list: TreeSelectNode[]): TreeSelectNode[] =>
    list.map(({ id, label, disabled, children }) => ({ id, label, ...(disabled ? { disabled } : {}), ...(children ? { children: strip(children) } : {}) }));
  return strip(roots);
}

/** Ids in `ids` that are an ancestor of another id in `ids` (for "check strictly" trees). */
export function parentsWithin(ids: number[], parentOf: Map<number, number>): Set<number> {
  const set = new Set(ids);
  const parents = new Set<number>();
  for (const id of ids) {
    const parent = parentOf.get(id);
    if (parent !== undefined && set.has(parent)) parents.add(parent);
  }
  return parents;
}
