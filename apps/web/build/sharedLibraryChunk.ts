import { LIST_PATH } from './iconChunk.ts';
import { staticClosure, type ModuleGraph } from './staticClosure.ts';

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
export function sharedLibraryChunk(webRoot: string, name: string, part: 'list' | 'pages'): (id: string, graph: ModuleGraph) => string | null {
  let signIn: Set<string> | null = null;
  let list: Set<string> | null = null;
  return (id, graph) => {
    if (!LIBRARY.test(id) || PAGE_LIBRARY.test(id)) return null;
    signIn ??= staticClosure(graph, webRoot, ['src/main.tsx', 'src/views/login/LoginPage.tsx']);
    if (signIn.has(id)) return null;
    list ??= staticClosure(graph, webRoot, LIST_PATH);
    if (part === 'list') return list.has(id) ? name : null;
    return list.has(id) ? null : `${name}-pages`;
  };
}
