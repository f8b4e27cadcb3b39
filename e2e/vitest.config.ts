import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['./support/build-web.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One file at a time: each starts a server and a browser, and the machine has two cores.
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
  },
});
