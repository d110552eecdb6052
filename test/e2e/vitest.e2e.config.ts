import { defineConfig } from 'vitest/config'

/**
 * End-to-end suite: headless Chromium (playwright-core, CHROMIUM_PATH or /usr/bin/chromium) against
 * the real server (child process, in-memory PGlite, demo tenant, short hold) serving the production
 * build. One fork, long timeouts. Screenshots of every step go to test-results/e2e/.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    // One retry, kept for now: with none, the fresh-clone CI of 2026-11-29 failed once in
    // embed-storage-blocked (the sandbox card form's Pay, in a frame inside the embedded frame, was
    // clicked but never submitted; it passed in every other run). That race is still to be found;
    // a scenario that fails twice is a real failure.
    retry: 1,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
    sequence: { concurrent: false },
  },
})
