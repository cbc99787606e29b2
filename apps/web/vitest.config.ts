import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // antd dialogs in jsdom take a few seconds on a busy 2-core machine, and far more in CI, where the
    // server tests and the browser tests run beside them (a dialog test once took 50 s there).
    testTimeout: 60_000,
  },
});
