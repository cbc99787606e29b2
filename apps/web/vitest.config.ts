import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // antd dialogs in jsdom take a few seconds on a busy 2-core machine, where server tests run alongside.
    testTimeout: 20_000,
  },
});
