import { readFileSync } from 'node:fs';
import path from 'node:path';
import { staticClosure, type ModuleGraph } from './staticClosure.ts';

/** An icon of @ant-design/icons (its component or its SVG definition). */
const ICON = /@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/;
/** The icons the sign-in page and its flows draw (views/login). */
const SIGN_IN_ICON = /[\\/](Eye|EyeInvisible|Mail|User|Safety|Lock|CheckCircleFilled|ArrowLeft)(Outlined|Filled)?\.js$/;

/** The package's index re-exports every icon: the graph cannot tell which of them an importer uses. */
const ICON_INDEX = /@ant-design[\\/]icons[\\/]es[\\/]index\.js$/;
const APP_SOURCE = /[\\/]src[\\/].*\.tsx?$/;

/**
 * The names of the icons `roots` load statically: those antd's own modules import by path, those the
 * app imports by path (`@ant-design/icons/XOutlined`) and those it names in `import { … } from
 * '@ant-design/icons'` (read from its source, since the index leads to every icon).
 */
function shellIcons(graph: ModuleGraph, roots: string[]): Set<string> {
  const names = new Set<string>();
  for (const id of staticClosure(graph, roots, (dep) => !ICON_INDEX.test(dep))) {
    if (ICON.test(id)) names.add(path.basename(id, '.js'));
    if (!APP_SOURCE.test(id) || id.includes('node_modules')) continue;
    for (const [, list] of readFileSync(id, 'utf8').matchAll(/import\s*{([^}]*)}\s*from\s*'@ant-design\/icons'/g)) {
      for (const name of list!.split(',')) if (name.trim()) names.add(name.trim().split(/\s+as\s+/)[0]!);
    }
  }
  return names;
}

/**
 * A code-splitting group's name function for the icons, in three files rather than one tiny file
 * each (each file's gzip restarts and its imports repeat hashed names: the whole app's JS was
 * ~19 KiB larger) and rather than one file of them all (a list's first visit then loaded every
 * signed-in page's icons, ≈ 22 KiB):
 * - `icons-signin`: the sign-in page's own icons, which signed-in pages use too (one file, not one
 *   each on both paths), kept apart so that /login loads no other icon;
 * - `icons`: those the signed-in shell (layout, sidebar menu icons) and the records list load
 *   statically, i.e. what a list's first visit draws;
 * - `icons-pages`: every other page's.
 */
export function iconChunk(webRoot: string): (id: string, graph: ModuleGraph) => string | null {
  let shell: Set<string> | null = null;
  return (id, graph) => {
    if (!ICON.test(id)) return null;
    if (SIGN_IN_ICON.test(id)) return 'icons-signin';
    shell ??= shellIcons(graph, [path.join(webRoot, 'src/layout/SignedInRoot.tsx'), path.join(webRoot, 'src/views/crm/engine/list/RecordList.tsx')]);
    return shell.has(path.basename(id, '.js')) ? 'icons' : 'icons-pages';
  };
}
