import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every `*.routes.ts` under modules/, in a stable order. Each area adds its routes by adding such
 * a file (default export: a Fastify plugin); there is no central list to keep in step.
 */
export async function loadRoutePlugins(): Promise<Array<{ file: string; plugin: FastifyPluginAsync }>> {
  const files = (readdirSync(modulesDir, { recursive: true }) as string[])
    .filter((f) => /\.routes\.(ts|js)$/.test(f))
    .sort();
  const plugins = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(modulesDir, file)).href)) as { default: FastifyPluginAsync };
    plugins.push({ file, plugin: mod.default });
  }
  return plugins;
}
