// The server as `npm start` runs it: one ES module bundled by esbuild from apps/server/src (and
// @orbit/shared), the npm packages left to Node. Loading TypeScript through tsx's hooks file by file
// took about 40 % of a start (docs/decisions.md, "`npm start` runs a bundled server").
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(root, 'apps/server/src');
const modulesDir = path.join(serverSrc, 'modules');
const serverDist = path.join(root, 'apps/server/dist');
export const serverBundle = path.join(serverDist, 'server.mjs');

/** Tests are not part of a built app: changing one must not rebuild it. */
const isTest = (name) => /\.test\.tsx?$/.test(name);

/** The newest modification time of the files under `dir` (tests left out). */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!isTest(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Missing, or older than a source of the server, of the shared package or this script. */
export function serverIsStale() {
  if (!existsSync(serverBundle)) return true;
  const built = statSync(serverBundle).mtimeMs;
  const sources = [serverSrc, path.join(root, 'packages/shared/src')].map(newestMtime);
  return Math.max(...sources, statSync(fileURLToPath(import.meta.url)).mtimeMs) > built;
}

/** Every file of a kind (`routes`, `module`) under modules/, as moduleFiles.ts finds them at run time. */
function moduleFiles(kind) {
  const ending = new RegExp(`\\.${kind}\\.ts$`);
  return readdirSync(modulesDir, { recursive: true })
    .filter((f) => ending.test(f))
    .sort();
}

/**
 * Run from source, modules/moduleFiles.ts looks for the route and module files in its directory. A
 * bundle has no such directory: there it becomes the same lists, written out as imports when the
 * bundle is made.
 */
const moduleFileLists = {
  name: 'module-file-lists',
  setup(build) {
    build.onLoad({ filter: /[\\/]modules[\\/]moduleFiles\.ts$/ }, () => {
      const kinds = ['routes', 'module'];
      const imports = [];
      const lists = kinds.map((kind) => {
        const entries = moduleFiles(kind).map((f) => {
          const name = `file${imports.length}`;
          imports.push(`import ${name} from ${JSON.stringify(`./${f.split(path.sep).join('/')}`)};`);
          return `{ file: ${JSON.stringify(f)}, exported: ${name} }`;
        });
        return `${JSON.stringify(kind)}: [${entries.join(', ')}]`;
      });
      return {
        contents: `${imports.join('\n')}\nconst lists = { ${lists.join(', ')} };\nexport async function loadModuleFiles(kind) { return lists[kind]; }\n`,
        loader: 'ts',
        resolveDir: modulesDir,
      };
    });
  },
};

/** npm packages stay outside the bundle (native addons, WebAssembly, their own files); the workspace's TypeScript goes in. */
const packagesOutside = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@orbit/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Builds dist/server.mjs, with the files the server reads next to its own module (the migrations). The bundle is written last and by a rename, so that two servers starting
 * at once on a stale tree never load half of one.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [path.join(serverSrc, 'server.ts')],
    outfile: serverBundle,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [moduleFileLists, packagesOutside],
    logLevel: 'warning',
  });
  mkdirSync(serverDist, { recursive: true });
  // Where db/client.ts looks, relative to the module it is in.
  cpSync(path.join(serverSrc, 'db/migrations'), path.join(serverDist, 'migrations'), { recursive: true });
  const partial = `${serverBundle}.${process.pid}.tmp`;
  writeFileSync(partial, outputFiles[0].contents);
  renameSync(partial, serverBundle);
}

// `node scripts/serverBundle.mjs` (part of `npm run build`) builds it.
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
