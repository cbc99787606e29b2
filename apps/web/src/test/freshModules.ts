/**
 * The first setup file of every test file (vitest.config.ts): the files share one worker, so that
 * jsdom, React and antd are loaded once, but each file starts with the app's modules not yet
 * evaluated and no module mocked, as a fresh worker would give it. A file's `vi.mock` then replaces
 * a module that no earlier file has bound, and never leaks into the files after it. What jsdom
 * holds (cookies, storage, the address) is the worker's: a test sets what it reads.
 *
 * This is what Vitest itself does between the files of a worker when it isolates them (its
 * `resetModules` and `mocker.reset()`, which it does not export), with one difference: modules from
 * node_modules stay as they are, since a second React beside the react-dom already loaded would
 * break every hook. The module graph's shape is Vitest's (4.x); a change there fails every web test.
 */
type ModuleNode = { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> };
type VitestWorker = { __vitest_worker__: { evaluatedModules: { idToModuleMap: Map<string, ModuleNode> } }; __vitest_mocker__: { reset(): void } };

const worker = globalThis as unknown as VitestWorker;
const modules = worker.__vitest_worker__.evaluatedModules.idToModuleMap;
worker.__vitest_mocker__.reset();
for (const [id, node] of modules) {
  // Vitest's own modules and this file (being evaluated now) are kept, as are node_modules.
  if (/\/node_modules\/|\/vitest\/dist\/|\/src\/test\/freshModules\.ts/.test(id)) continue;
  node.promise = undefined;
  node.exports = undefined;
  node.evaluated = false;
  node.importers.clear();
}

export {};
