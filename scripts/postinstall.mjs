#!/usr/bin/env node
// After `npm install`: build the web app once, so that the first `npm start` serves it at once
// instead of a "being built" page. Never fails the install: npm start builds it if this could not.
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
