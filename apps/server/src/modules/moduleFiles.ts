import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The kinds of file an area adds itself with, each found by its ending: `*.routes.ts` (its routes,
 * a Fastify plugin) and `*.module.ts` (a business module's definition for the records engine).
 * Adding such a file is all it takes; there is no central list to keep in step.
 */
export type ModuleFileKind = 'routes' | 'module';

/**
 * Every file of one kind under modules/, in a stable order, with its default export. (The server
 * bundle has no modules/ folder: scripts/serverBundle.mjs writes the same lists out as imports.)
 */
export async function loadModuleFiles<T>(kind: ModuleFileKind): Promise<Array<{ file: string; exported: T }>> {
  const ending = new RegExp(`\\.${kind}\\.(ts|js)$`);
  const files = (readdirSync(modulesDir, { recursive: true }) as string[]).filter((f) => ending.test(f)).sort();
  const found = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(modulesDir, file)).href)) as { default: T };
    found.push({ file, exported: mod.default });
  }
  return found;
}
