import { folderOrLink, type MenuNode } from './menuModel';

/**
 * The sidebar tree without the entries whose key (full path, or link) is in `hidden`; a
 * directory left with no entry goes too, one left with one page is its link. The pages stay
 * routable: only the menu changes.
 */
export function withoutEntries(tree: MenuNode[], hidden: ReadonlySet<string>): MenuNode[] {
  if (hidden.size === 0) return tree;
  return tree.flatMap((node) => {
    if (hidden.has(node.key)) return [];
    if (!node.children) return [node];
    const children = withoutEntries(node.children, hidden);
    return children.length ? [folderOrLink({ ...node, children })] : [];
  });
}
