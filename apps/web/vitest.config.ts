import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // The files share their worker (its jsdom, React, antd): a fresh worker per file spent more time
    // importing those than running the tests. Each file still gets fresh modules of the app and its
    // own module mocks (freshModules.ts).
    isolate: false,
    setupFiles: ['src/test/freshModules.ts', 'src/test/setup.ts'],
    sequence: { setupFiles: 'list' },
    // antd dialogs in jsdom take a few seconds on a busy 2-core machine, and far more in CI, where the
    // server tests and the browser tests run beside them (a dialog test once took 50 s there).
    testTimeout: 60_000,
  },
});
