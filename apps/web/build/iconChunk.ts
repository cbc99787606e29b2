import path from 'node:path';
import { staticClosure, type ModuleGraph } from './staticClosure.ts';

/** An icon of @ant-design/icons (its component or its SVG definition). */
const ICON = /@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/;
/** The icons the sign-in page and its flows draw (views/login). */
const SIGN_IN_ICON = /[\\/](Eye|EyeInvisible|Mail|User|Safety|Lock|CheckCircleFilled|ArrowLeft)(Outlined|Filled)?\.js$/;
/** What a records list's first visit loads statically: the signed-in shell and the list. */
export const LIST_PATH = ['src/layout/SignedInRoot.tsx', 'src/views/crm/engine/list/RecordList.tsx'];

/**
 * A code-splitting group's name function for the icons, in three files rather than one tiny file
 * each (each file's gzip restarts and its imports repeat hashed names: the whole app's JS was
 * ~19 KiB larger) and rather than one file of them all (a list's first visit then loaded every
 * signed-in page's icons):
 * - `icons-signin`: the sign-in page's own icons, which signed-in pages use too (one file, not one
 *   each on both paths), kept apart so that /login loads no other icon;
 * - `icons`: those the signed-in shell (layout, the sidebar's menu icons) and a records list load
 *   statically, whether they import them or antd's components do;
 * - `icons-pages`: every other page's.
 */
export function iconChunk(webRoot: string): (id: string, graph: ModuleGraph) => string | null {
  let shell: Set<string> | null = null;
  return (id, graph) => {
    if (!ICON.test(id)) return null;
    if (SIGN_IN_ICON.test(id)) return 'icons-signin';
    // An icon component in the closure brings its SVG definition (…-svg/es/asn/) along.
    shell ??= new Set([...staticClosure(graph, webRoot, LIST_PATH)].filter((m) => ICON.test(m)).map((m) => path.basename(m)));
    return shell.has(path.basename(id)) ? 'icons' : 'icons-pages';
  };
}
