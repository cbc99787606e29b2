export type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Statically imported closure of `roots` (what loads before they run), through the imports `follow` accepts. */
export function staticClosure(graph: ModuleGraph, roots: string[], follow: (id: string) => boolean = () => true): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds.filter(follow));
  }
  return seen;
}
