#!/usr/bin/env node
// `npm run migrate | backup | restore`: server/admin-cli.ts from the server's bundle
// (dist/server/admin-cli.mjs, scripts/lib/server-bundle.mjs), rebuilt first when older than its sources,
// as `npm start` does (scripts/start.mjs). Under tsx each command spent ~2 s of CPU transpiling the
// server's modules (BENCHMARKS.md, "CI time, the admin commands from the bundle"). The same code the
// image runs (`node dist/server/admin-cli.mjs migrate`). Should the bundle fail to build, tsx as before.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ensureServerBundle } from './lib/server-bundle.mjs'

const root = new URL('..', import.meta.url).pathname

if (await ensureServerBundle(root, 'running the command with tsx')) {
  // In this process: admin-cli reads its arguments from process.argv.slice(2), as they are here, and exits itself.
  await import(pathToFileURL(join(root, 'dist/server/admin-cli.mjs')).href)
} else {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server/admin-cli.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' })
  process.exit(run.status ?? 1)
}
