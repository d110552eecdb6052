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
    // No retry: a scenario that fails once is a race to find (a flow failing 1 time in 7 is broken).
    retry: 0,
    hookTimeout: 240_000,
    fileParallelism: false,
    pool: 'forks',
    maxWorkers: 1,
    sequence: { concurrent: false },
  },
})
