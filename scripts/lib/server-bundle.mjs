// The server as an esbuild bundle: what `npm start` runs (dist/server) and what the image ships
// (scripts/build-image.mjs, Dockerfile). Shared so both start the same code.
// - Code splitting: main.mjs holds only the start-up (signals, settings); the app and each card
//   processor's or Twilio's adapter are chunks loaded by `import()` when needed. In one file every
//   package it imports would load before the first line runs (the Square SDK alone costs ~2 s and
//   ~80 MB), and a bad setting would be refused only after all of it.
// - Packages stay in node_modules (PGlite finds its WASM files next to its own modules), except
//   fp-ts and io-ts: their subpath imports ('fp-ts/Either') are folders Node's ESM cannot import;
//   and date-fns with date-fns-tz: imported by name, their index loads every function (~0.2 s of
//   CPU and ~25 MB); bundled, only the few used are kept.
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { newestMtime } from './newest-mtime.mjs'

/**
 * How node runs the bundle wherever it runs: `npm start`, the image (the Dockerfile's CMD, checked by
 * scripts/build-image.mjs), and the test and bench servers, so that a bench measures the server as shipped.
 * Source maps: a stack trace names server/ and src/ files, not the bundle's chunks.
 */
export const SERVER_NODE_ARGS = ['--enable-source-maps']

const BUNDLED_PACKAGES = /^(fp-ts|io-ts|date-fns|date-fns-tz|kysely|jose|libphonenumber-js)(\/|$)/

/** Whether the bundle in `outdir` is older than the sources it is built from. */
export function serverBundleStale(root, outdir = join(root, 'dist/server')) {
  const sourcesAt = Math.max(...['server', 'src', 'package-lock.json', 'tsconfig.json', 'scripts/lib/server-bundle.mjs'].map((p) => newestMtime(join(root, p))))
  const main = join(outdir, 'main.mjs')
  return !existsSync(main) || newestMtime(main) <= sourcesAt
}

/**
 * Bundles server/main.ts (the server) and server/admin-cli.ts (migrate, backup, restore: what an image
 * runs without tsx) into `outdir`, emptied first: chunk names change with their contents.
 */
export async function bundleServer(root, outdir = join(root, 'dist/server')) {
  const { build } = await import('esbuild')
  rmSync(outdir, { recursive: true, force: true })
  await build({
    entryPoints: { main: join(root, 'server/main.ts'), 'admin-cli': join(root, 'server/admin-cli.ts') },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true }))
        },
      },
    ],
  })
}

/**
 * Whether the server's bundle is there and current, built first when older than its sources (`npm start`,
 * the admin commands). When it cannot be built, says so with `fallback` (what the caller does instead).
 */
export async function ensureServerBundle(root, fallback) {
  if (!serverBundleStale(root)) return true
  try {
    await bundleServer(root)
    return true
  } catch (error) {
    console.warn(`Could not bundle the server (${error?.message ?? error}); ${fallback}.`)
    return false
  }
}
