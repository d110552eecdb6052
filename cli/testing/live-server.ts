/**
 * The CLI's end-to-end set-up: the real server in-process (the demo tenant; PGlite in memory, or
 * PostgreSQL with DATABASE_URL) listening on a real port, a config home of the test file's own, and
 * `clinic`, which runs the real executable as a child process against them. Registers the file's
 * beforeAll (the server) and afterAll (closed, the home removed).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { buildTestServer, type TestServer } from '../../server/test-support/test-server'
import { runBin, type RunOptions } from './run-bin'

export interface LiveCli {
  /** The server, once beforeAll has run. */
  readonly server: TestServer
  clinic(args: string[], stdin?: string): ReturnType<typeof runBin>
}

export function liveCli(homePrefix: string, options: Pick<RunOptions, 'timeoutMs'> = {}): LiveCli {
  let server: TestServer | undefined
  let url = ''
  let home = ''
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), homePrefix))
    server = await buildTestServer()
    url = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1')
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    if (home) rmSync(home, { recursive: true, force: true })
  })
  return {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll')
      return server
    },
    clinic: (args, stdin) => runBin(['--base-url', url, ...args], { env: { XDG_CONFIG_HOME: home }, stdin, ...options }),
  }
}
