import path from 'node:path';
import { staticClosure, type ModuleGraph } from './staticClosure.ts';

const LIBRARY = /[\\/]node_modules[\\/]/;
/** Libraries only some pages use, which must stay in their own chunks (loaded by those pages only). */
const PAGE_LIBRARY = /[\\/]node_modules[\\/](zod|echarts|zrender|exceljs|jszip|fuse\.js)[\\/]/;
/**
 * antd components many pages use but none draws on a list's first visit: Result (error and empty
 * states, with its SVG illustrations ≈ 8 KiB) loads only when such a state is shown
 * (LoadError, ErrorBoundary, PageHost's 401 load it on demand).
 */
const OFF_LIST_PATH = /[\\/]node_modules[\\/]antd[\\/]es[\\/]result[\\/]/;

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
    if (!LIBRARY.test(id) || PAGE_LIBRARY.test(id) || OFF_LIST_PATH.test(id)) return null;
    signIn ??= staticClosure(graph, [path.join(webRoot, 'src/main.tsx'), path.join(webRoot, 'src/views/login/LoginPage.tsx')]);
    return signIn.has(id) ? null : name;
  };
}
