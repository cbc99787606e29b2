import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Files share their worker's modules: each file importing the whole app (and compiling PGlite's
    // WebAssembly) anew took most of the suite's time. Nothing in the server keeps state outside an app
    // or a database (caches are per database, WeakMap-keyed), so files cannot see each other's.
    isolate: false,
    globalSetup: ['test/helpers/seededDatabase.ts'],
  },
});
