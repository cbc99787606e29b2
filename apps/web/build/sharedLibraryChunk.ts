import path from 'node:path';

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Statically imported closure of `roots` (what loads before they run). */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds);
  }
  return seen;
}

const LIBRARY = /[\\/]node_modules[\\/]/;
/** Libraries only some pages use, which must stay in their own chunks (loaded by those pages only). */
const PAGE_LIBRARY = /[\\/]node_modules[\\/](zod|echarts|zrender|exceljs|jszip|fuse\.js)[\\/]/;

/**
 * A code-splitting group's name function for the libraries many signed-in pages share (antd and
 * its rc-components, react-query…), to be used with a `minShareCount`: those modules go into one
 * chunk, except what the entry and the sign-in page load statically (so that /login does not grow)
 * and the libraries of a few pages (zod: the admin forms; charts, Excel: their pages). The app's
 * own shared modules are left to Rolldown: grouped alike, the total grew (measured).
 */
export function sharedLibraryChunk(webRoot: string, name: string): (id: string, graph: ModuleGraph) => string | null {
  let signIn: Set<string> | null = null;
  return (id, graph) => {
    if (!LIBRARY.test(id) || PAGE_LIBRARY.test(id)) return null;
    signIn ??= staticClosure(graph, [path.join(webRoot, 'src/main.tsx'), path.join(webRoot, 'src/views/login/LoginPage.tsx')]);
    return signIn.has(id) ? null : name;
  };
}
