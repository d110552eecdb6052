#!/usr/bin/env node
// After `npm install`: build the web app once, so that the first `npm start` serves it at once
// instead of a "being built" page, and create the embedded database (./data, migrated, demo tenant)
// so that the first start skips PGlite's initdb. Never fails the install: npm start does both itself
// when this could not.
import { spawnSync } from 'node:child_process'
import { webBuildState, buildWebSync } from './lib/web-build.mjs'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
if (process.env.SKIP_WEB_BUILD === '1' || !existsSync(join(root, 'node_modules/vite/bin/vite.js'))) process.exit(0)
if (webBuildState(root).stale) {
  console.log('Building the web app (once, so that npm start serves it at once)...')
  const started = Date.now()
  if (buildWebSync(root)) console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
  else console.warn('The web app could not be built now; npm start will try again.')
}

// The OpenAPI document of src/contract (dist/openapi.json); the server does not need it to start.
const openapi = spawnSync(process.execPath, [join(root, 'scripts/openapi.mjs')], { cwd: root, stdio: 'inherit' })
if (openapi.status !== 0) console.warn('The OpenAPI document could not be written now; npm run openapi writes it.')

const dataDir = process.env.DATA_DIR || join(root, 'data')
if (!process.env.DATABASE_URL && !dataDir.startsWith('memory://') && !existsSync(dataDir)) {
  console.log(`Creating the demo database in ${dataDir}...`)
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server/prepare-data.ts')], { cwd: root, stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'warn' } })
  if (prepared.status !== 0) console.warn('The demo database could not be created now; npm start will create it.')
}
