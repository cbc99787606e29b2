import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['helpers/seededDataDir.ts'],
    // expect.poll's default of one second is shorter than a page's re-render after a navigation
    // when the two cores are busy (a CI run beside a build); a poll still ends as soon as it holds.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    // One browser and one server per file; files run one after another to spare the 2 cores.
    fileParallelism: false,
  },
});
