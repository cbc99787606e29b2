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
    // The files share their worker's modules (Playwright's client above all): a fresh worker per
    // file imported them again, seconds of a busy core each time. Nothing in the helpers keeps state
    // between files (each describe block starts its own server and browser).
    isolate: false,
  },
});
