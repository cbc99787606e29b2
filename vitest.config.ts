import { defineConfig } from 'vitest/config';

// One config per workspace; `npm test` (scripts/test.mjs) picks projects per step.
export default defineConfig({
  test: { projects: ['packages/shared', 'apps/server', 'apps/web', 'e2e'] },
});
