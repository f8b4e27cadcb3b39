import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // The web app's pure logic (no DOM): hooks keep their decisions in plain functions tested here.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: more workers only make each PGlite slower.
          maxWorkers: 2,
          minWorkers: 1,
        },
      },
      'e2e',
    ],
  },
});
