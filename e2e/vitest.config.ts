import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    globalSetup: ['./support/build-web.ts'],
    testTimeout: 60_000,
    // A poll waits for what the user would see; 1 s (the default) is shorter than a dialog's close
    // transition on a loaded two-core machine.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // One file at a time: each starts a server and a browser, and the machine has two cores.
    pool: 'forks',
    poolOptions: { forks: { singleFork: true } },
  },
});
