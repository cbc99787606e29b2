import type { Hierarchy } from '@orbit/shared/contract/crm';

/** A node of the drawn tree: a hierarchy node with its children, in the server's order. */
export type TreeNode = { id: number; name: string | null; current: boolean; children: TreeNode[] };

/**
 * The server's flat nodes (top first, each after its parent) as a tree. A node whose parent is not
 * among them (never, from the server, but cheap to survive) becomes a root.
 */
export function toTree(hierarchy: Hierarchy): TreeNode[] {
  const byId = new Map<number, TreeNode>();
  const roots: TreeNode[] = [];
  for (const n of hierarchy.nodes) byId.set(n.id, { id: n.id, name: n.name, current: n.id === hierarchy.currentId, children: [] });
  for (const n of hierarchy.nodes) {
    const node = byId.get(n.id)!;
    const parent = n.parentId === null ? undefined : byId.get(n.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
