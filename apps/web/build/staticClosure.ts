import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * The libraries the app imports through an index that re-exports all of them (`import { Button }
 * from 'antd'`): in the module graph that index imports every component and icon, so a closure
 * through it would hold them all. The closure below skips these indexes and follows, for each
 * app module, only the components it names.
 */
const BARRELS = { antd: 'antd/es/index.js', '@ant-design/icons': '@ant-design/icons/es/index.js' } as const;
const NAMED_IMPORT = /import\s*{([^}]*)}\s*from\s*'(antd|@ant-design\/icons)'/g;
const EXPORT_FROM = /export\s*(?:{([^}]*)}|\*)\s*from\s*['"]([^'"]+)['"]/g;

function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.js`, path.join(base, 'index.js')].find((file) => statSync(file, { throwIfNoEntry: false })?.isFile()) ?? base;
}

/** Exported name → the file defining it, following an index's `export { … } from` and `export * from`. */
function exportsOf(file: string, into = new Map<string, string>()): Map<string, string> {
  for (const [, list, specifier] of readFileSync(file, 'utf8').matchAll(EXPORT_FROM)) {
    const target = resolveRelative(file, specifier!);
    if (list === undefined) exportsOf(target, into);
    else for (const item of list.split(',')) if (item.trim()) into.set(item.trim().split(/\s+as\s+/).pop()!, target);
  }
  return into;
}

function barrels(webRoot: string): Map<string, Map<string, string>> {
  const require = createRequire(path.join(webRoot, 'package.json'));
  const byFile = new Map<string, Map<string, string>>();
  for (const [name, file] of Object.entries(BARRELS)) {
    const index = path.join(path.dirname(require.resolve(`${name}/package.json`)), file.slice(name.length + 1));
    byFile.set(name, exportsOf(index));
    byFile.set(index, new Map());
  }
  return byFile;
}

/**
 * Statically imported closure of `roots` (what loads before they run). The app's own modules
 * (under `webRoot/src`) bring the antd components and icons they name, not the whole index.
 */
export function staticClosure(graph: ModuleGraph, webRoot: string, roots: string[]): Set<string> {
  const indexes = barrels(webRoot);
  const source = path.join(webRoot, 'src') + path.sep;
  const seen = new Set<string>();
  const queue = roots.map((file) => path.join(webRoot, file));
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id) || indexes.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    queue.push(...info.importedIds);
    if (!id.startsWith(source) || !/\.tsx?$/.test(id)) continue;
    for (const [, list, library] of readFileSync(id, 'utf8').matchAll(NAMED_IMPORT)) {
      for (const item of list!.split(',')) {
        const name = item.trim();
        if (!name || name.startsWith('type ')) continue;
        const target = indexes.get(library!)!.get(name.split(/\s+as\s+/)[0]!);
        if (target) queue.push(target);
      }
    }
  }
  return seen;
}
