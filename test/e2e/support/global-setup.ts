import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { buildWebSync, webBuildState } from '../../../scripts/lib/web-build.mjs'
import { bundleServer, serverBundleStale } from '../../../scripts/lib/server-bundle.mjs'
import { E2E_HOLD_SECONDS, startServer, type ServerProcess } from './server-process'

const root = join(import.meta.dirname, '../../..')

const servers: ServerProcess[] = []

/**
 * Builds the web app when dist/web is older than its sources and the server bundle when dist/server
 * is, then starts one demo server per worker: files running side by side never share a server's data
 * (a time one books is another's free time).
 */
export async function setup(project: TestProject): Promise<void> {
  if (webBuildState(root).stale && !buildWebSync(root)) throw new Error('vite build failed')
  if (serverBundleStale(root)) await bundleServer(root)
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1)
  const started = await Promise.all(Array.from({ length: workers }, () => startServer({})))
  servers.push(...started)
  project.provide('baseUrls', started.map((s) => s.url))
  project.provide('holdSeconds', E2E_HOLD_SECONDS)
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.map((s) => s.stop()))
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** one demo server per worker: a file takes its worker's (sharedServerUrl in support/browser.ts) */
    baseUrls: string[]
    holdSeconds: number
  }
}
