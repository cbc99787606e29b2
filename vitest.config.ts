import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.projects';

// One config per workspace (the web app's as two projects); `npm test` (scripts/test.mjs) picks projects per step.
export default defineConfig({
  test: { projects: ['packages/shared', 'apps/server', ...webProjects, 'e2e'] },
});
