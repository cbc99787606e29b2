import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory whose embedded database is migrated and seeded, for each server to start from a copy of. */
    seededDataDir: string;
  }
}

/**
 * Global setup: migrates and seeds one embedded database before the first file. Every file's
 * server then starts on a copy of it, which takes half the time of migrating and seeding anew
 * (a fresh PGlite runs every migration and the demo seed; a copy only opens).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orbit-e2e-seeded-'));
  const server = await startServer({}, { dataDir: dir });
  await server.stop({ keepData: true });
  project.provide('seededDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
