import { configDefaults, defineConfig } from 'vitest/config'

/**
 * End-to-end suite: headless Chromium (playwright-core, CHROMIUM_PATH or /usr/bin/chromium) against
 * the real server (child process: the server bundle of `npm start`, in-memory PGlite, demo tenant,
 * short hold) serving the production build. Two files at a time (E2E_WORKERS), each worker with a
 * demo server of its own (global-setup.ts), long timeouts. Screenshots of every step go to test-results/e2e/.
 */
/*
 * The loaded-machine scenarios (races.e2e.ts: a process burning a core for ~140 s on purpose) run apart
 * from the rest in `npm test` (scripts/test.mjs): E2E_PART=rest runs every other file, E2E_PART=loaded
 * those alone, one file at a time. Beside them, another file's browser and server had half the CPU the
 * suite is sized for. Unset: every file, as before.
 */
const LOADED_MACHINE_FILES = ['test/e2e/races.e2e.ts']
const part = process.env.E2E_PART

// Two: the browser, the server and the test wait on each other, so one file leaves much of a 2-core
// machine idle; more than the cores would make every step slower than a user's. One for the
// loaded-machine files: their busy process takes the second core.
const workers = Number(process.env.E2E_WORKERS ?? (part === 'loaded' ? 1 : 2))

export default defineConfig({
  test: {
    name: 'e2e',
    include: part === 'loaded' ? LOADED_MACHINE_FILES : ['test/e2e/**/*.e2e.ts'],
    exclude: [...configDefaults.exclude, ...(part === 'rest' ? LOADED_MACHINE_FILES : [])],
    environment: 'node',
    globalSetup: ['test/e2e/support/global-setup.ts'],
    // After the run, the scenarios over 30 s with their files (printed only: never a failure).
    reporters: ['default', './scripts/lib/slow-tests.reporter.mjs', './scripts/lib/failures.reporter.mjs'],
    testTimeout: 120_000,
    // One retry, kept for now. The two races it hid on 2026-11-29 are found: embed-storage-blocked (the
    // sandbox card's Pay, fixed then) and outage (the customer's own time lost when its release could not
    // reach the server, fixed 2026-11-30), as is lead.e2e's height check (measured before the footer text
    // was in). A run without it on 2026-11-30 (E2E_PART=rest, load ~35 on 2 cores) failed once each in the
    // two course-session bookings, account.e2e and deep-link.e2e: 'Book appointment' clicked, no /confirm
    // within 30 s (deep-link's alone then: failed once, passed 4 times): found 2026-11-30, a product race (the
    // hold answered after the click, before the router's arrival of /confirm, put the time step's URL back:
    // page-moves.ts, confirmEntered). A scenario that fails twice
    // is a real failure.
    retry: 1,
    hookTimeout: 240_000,
    fileParallelism: workers > 1,
    pool: 'forks',
    // One module graph per worker: a worker's files share its Chromium (support/browser.ts, launch) and
    // import playwright-core and axe once, not once a file (~2-4 s of a file's time each on this machine).
    // Each scenario still opens a context of its own; a file closes what it left open (release).
    isolate: false,
    maxWorkers: workers,
    sequence: { concurrent: false },
  },
})
