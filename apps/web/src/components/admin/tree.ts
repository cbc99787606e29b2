/** A flat list nested by parent id (department and menu lists come flat from the server). */
export type Nested<T> = T & { children?: Nested<T>[] };

export function nestByParent<T extends object>(rows: T[], idKey: keyof T, parentKey: keyof T): Nested<T>[] {
  const byId = new Map<unknown, Nested<T>>();
  for (const row of rows) byId.set(row[idKey], { ...row });
  const roots: Nested<T>[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(node[parentKey]);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/** Every id in a tree (for "expand all"). */
export function allKeys<T extends { children?: T[] }>(nodes: T[] | undefined, key: (node: T) => number | string): Array<number | string> {
  return (nodes ?? []).flatMap((n) => [key(n), ...allKeys(n.children, key)]);
}
