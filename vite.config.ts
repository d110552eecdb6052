import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { precompress } from './scripts/lib/precompress.mjs'
import { minifyInlined } from './scripts/lib/minify-inlined-scripts.mjs'
import { lazyHourCycle } from './scripts/lib/lazy-hour-cycle.mjs'

// Pure code and the checks over it: no I/O but reading the tree, no mocks, no module state but memo
// tables of pure functions (the domain's London days and clock texts, the codecs' WeakMaps).
const pureSuites = ['src/domain/**/*.test.ts', 'src/contract/**/*.test.ts', 'test/contract/**/*.test.ts', 'test/architecture/**/*.test.ts']

/**
 * Server test files that keep a module graph of their own (the server-isolated project); every other
 * server file shares one per worker (isolate: false). Each of these either set the environment the
 * server reads when it is built (vi.stubEnv of the card processor: restored after the file, but a
 * shared graph would meet any value a module kept from its first import), or failed once in a
 * shared, file-shuffled run on a machine at load ~20 without its cause being found (webhooks.routes:
 * the three-day disable; logout-customer: its PGlite half at its 120 s time-out).
 */
const serverIsolatedSuites = [
  'server/commerce/processor-refunds.square.test.ts',
  'server/commerce/processor-refunds.stripe.test.ts',
  'server/commerce/webhooks.routes.test.ts',
  'server/commerce/webhooks.square.routes.test.ts',
  'server/commerce/webhooks.start.test.ts',
  'server/db/seeded-snapshot.test.ts',
  'server/integrations/integration-bookings.stripe.test.ts',
  'server/integrations/webhooks.routes.test.ts',
  'server/realtime/logout-customer.process.test.ts',
]

/**
 * The ui files that keep a module graph of their own (the ui-isolated project): the server renders of the
 * first view and /lead. React's server renderer sets a context's current value on the context object
 * itself (react-router's among them); in a graph shared with the component tests, a later file's
 * MemoryRouter then found itself 'inside another <Router>' (failed so in a shared trial run).
 */
const uiIsolatedSuites = ['src/composition/*.ssr.test.ts']

const nodeSuites = [
  'src/application/**/*.test.ts',
  'src/adapters/**/*.test.ts',
  'cli/**/*.test.ts',
  'test/**/*.test.ts',
]

/**
 * The node files that intercept HTTP with nock (the node-nock project): nock patches node's http and
 * fetch for the whole module graph, and these files call `nock.disableNetConnect()` without undoing it,
 * which in a shared graph would refuse the real sockets of a later file (the CLI's process tests talk to
 * a server on 127.0.0.1). They share one graph among themselves: every one of them wants the network
 * off and clears its interceptors after each test.
 */
const nodeNockSuites = [
  'cli/base-url.test.ts',
  'cli/busy-server.test.ts',
  'cli/cli.container.test.ts',
  'cli/commands/*.command.test.ts',
  'src/adapters/error-texts.test.ts',
  'src/adapters/geocoder/nominatim-geocoder.test.ts',
  // their test-support.ts turns the network off for the file (nock)
  'src/adapters/http/*.test.ts',
]

/**
 * inversify's modules declared free of side effects (its package.json says they have some): its
 * decorators (every view model's `@injectable()`) then load without the Container, which the first
 * view does not use (issue 28, src/composition/first-view.graph.ts): ~6 KB gzip instead of 19.4 KB
 * before the location list can be used. Its modules only define classes and functions, but for the
 * container's index, which installs Reflect's metadata API (reflect-metadata/lite) for the decorators:
 * the modules that call that API import it themselves here, so it is installed wherever they load.
 */
const inversifyWithoutSideEffects: Plugin = {
  name: 'inversify-without-side-effects',
  transform(code, id) {
    if (!/node_modules[\\/](inversify|@inversifyjs[\\/][^\\/]+)[\\/]/.test(id)) return undefined
    if (/@inversifyjs[\\/]reflect-metadata-utils[\\/]/.test(id)) return { code: `import 'reflect-metadata/lite';\n${code}`, moduleSideEffects: true }
    return { code, moduleSideEffects: false }
  },
}

// `vite build --ssr src/composition/first-view.ssr.tsx` (scripts/lib/web-build.mjs): the server's render
// of the first view (issue 28), for node: no public files, no compressed copies.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), inversifyWithoutSideEffects, lazyHourCycle(), minifyInlined(), precompress()],
  publicDir: isSsrBuild ? false : 'public',
  // One file of its own for node (fp-ts' directory imports do not resolve in node's ESM).
  ssr: { noExternal: isSsrBuild ? true : undefined },
  // React's production build in the render whatever NODE_ENV the server runs with (as in the browser's build).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: the server links a lazy page's stylesheets into a page it rendered (issue 28: a step).
    manifest: !isSsrBuild,
    sourcemap: false,
    // Two pages: the app (index.html) and the embeddable lead form (lead.html, served at /lead),
    // which loads only its own small composition.
    rolldownOptions: {
      input: { index: 'index.html', lead: 'lead.html' },
      // The server's render in one file (issue 28): its lazy pages' chunks imported the entry without
      // the server's `?v=` of the build, a second copy of it whose classes the container did not know.
      // The libraries both pages load first, each in one chunk of its own: left to itself the splitter
      // cut them into many small shared chunks as the pages' lazy imports changed (gzip works worse on
      // small files, and each is a request).
      output: isSsrBuild ? { codeSplitting: false } : {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'mobx', test: /node_modules[\\/](mobx|mobx-react-lite)[\\/]/ },
            // The decorators, Reflect's metadata API and ContainerModule (the first view's), apart from the Container (a lazy page's).
            {
              name: 'inversify-decorators',
              test: /node_modules[\\/](reflect-metadata[\\/]|@inversifyjs[\\/](common|reflect-metadata-utils|prototype-utils)[\\/]|@inversifyjs[\\/]core[\\/]lib[\\/](metadata|decorator|reflectMetadata|error)[\\/]|@inversifyjs[\\/]container[\\/]lib[\\/]container[\\/](models[\\/]ContainerModule|actions[\\/]getContainerModuleId))/,
            },
            { name: 'inversify', test: /node_modules[\\/](inversify|@inversifyjs[\\/][^\\/]+|reflect-metadata)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', ws: true }, '/sandbox': 'http://localhost:3000' },
  },
  test: {
    // Every core (vitest's default leaves one out): a file waits on its child processes, PGlite and
    // sockets much of the time, so on 2 cores one worker left the second mostly idle. At most 4: each
    // worker's files open PostgreSQL pools of their own (npm run test:pg). VITEST_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? Math.min(availableParallelism(), 4)),
    // After the run, the tests over 30 s with their files (printed only: never a failure).
    reporters: ['default', './scripts/lib/slow-tests.reporter.mjs', './scripts/lib/failures.reporter.mjs'],
    coverage: {
      provider: 'v8',
      include: ['src/domain/**/*.ts'],
      exclude: ['src/domain/**/*.test.ts', 'src/domain/**/index.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95 },
    },
    projects: [
      {
        extends: true,
        test: {
          // The files share one module graph per worker (isolate: false): isolated, each imported fp-ts,
          // io-ts, date-fns-tz and the code it tests again. src/domain: 67 s of CPU against 24 s shared;
          // the contract and architecture checks 15.6 s against 8.3 s (BENCHMARKS.md, "CI time").
          name: 'pure',
          environment: 'node',
          include: pureSuites,
          isolate: false,
          // As the node project: property tests on a loaded 2-core machine.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // One module graph per worker (isolate: false), as the server project: isolated, each file
          // imported fp-ts, io-ts, axios and the CLI's container again (BENCHMARKS.md, "CI time, the node
          // project shared"). The two files with fake timers restore the real ones after each test.
          name: 'node',
          environment: 'node',
          include: nodeSuites,
          exclude: [...pureSuites, ...nodeNockSuites, 'test/e2e/**', 'node_modules/**'],
          isolate: false,
          // A guard against hangs only: property tests and CLI child processes on a loaded 2-core machine
          // take many times their idle time.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-nock',
          environment: 'node',
          include: nodeNockSuites,
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // One module graph per worker (isolate: false): isolated, each of the ~130 files imported
          // Fastify, kysely, PGlite's module and every route again (BENCHMARKS.md, "Server tests in one
          // module graph"). Each file builds its own server and database; the files that set the
          // environment the server reads keep their own graph (serverIsolatedSuites).
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: [...serverIsolatedSuites, 'node_modules/**'],
          isolate: false,
          // Guards against hangs only (see the node project): never a speed assertion.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: serverIsolatedSuites,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // MobX classes tested without React or a DOM (STYLE.md): jsdom's window, made again for each
          // file, was most of their cost (46 files: 132-137 s of CPU in jsdom, 87 s in node, at load
          // ~20-26; BENCHMARKS.md, "CI time"). A view model that reached for the DOM would fail here.
          // One module graph per worker (isolate: false), as the pure project: 48 files, 61 s -> 11-15 s of
          // wall time at load ~9, the same 524 passes in shuffled file orders (each test makes its own
          // container and world). The ui project stays isolated: jsdom's document is shared then.
          name: 'view-models',
          environment: 'node',
          include: ['src/ui/view-models/**/*.test.ts'],
          setupFiles: ['test/setup/ui.setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['src/ui/**/*.test.{ts,tsx}', 'src/composition/**/*.test.ts'],
          exclude: ['src/ui/view-models/**', ...uiIsolatedSuites, 'node_modules/**'],
          setupFiles: ['test/setup/ui.setup.ts'],
          // One module graph per worker (React, react-aria and the components imported once, not once a
          // file): 92 -> 30 s of CPU for the 41 files at load 12-18 (BENCHMARKS.md). Each file's rendered
          // trees are unmounted by its own cleanup.
          isolate: false,
          // user-event's typing is CPU-bound: 2-3 s a test at load 12, past vitest's default 5 s at load 22.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui-isolated',
          environment: 'jsdom',
          include: uiIsolatedSuites,
          setupFiles: ['test/setup/ui.setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
}))
