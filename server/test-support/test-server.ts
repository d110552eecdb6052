/**
 * buildTestServer(): the real app on a fresh test database (test-database.ts), plus helpers.
 *   const t = await buildTestServer(); afterAll(t.close)
 *   const token = await t.login(DEMO_CUSTOMER)      // Bearer token of the demo customer
 *   await t.app.inject({ method: 'GET', url: '/api/user/me', headers: t.auth(token) })
 */
import type { FastifyInstance } from 'fastify'
import { buildServer, type BuildOptions } from '../app'
import { testConfig, type ServerConfig } from '../config'
import type { Db } from '../db/schema'
import { DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, seedIds } from '../seed/demo.seed'
import { createTestDatabase, type TestDatabase } from './test-database'

export { DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, seedIds }

export interface TestServer {
  app: FastifyInstance
  db: Db
  database: TestDatabase
  config: ServerConfig
  /** logs in (tenant header optional) and returns the token */
  login(credentials: { email: string; password: string }, tenant?: string): Promise<string>
  /** the Authorization header for a token */
  auth(token: string): { authorization: string }
  close(): Promise<void>
}

export async function buildTestServer(
  overrides: Partial<ServerConfig> & Pick<BuildOptions, 'clock' | 'logStream'> = {},
): Promise<TestServer> {
  const { clock, logStream, ...configOverrides } = overrides
  const config = testConfig(configOverrides)
  const database = await createTestDatabase()
  const app = await buildServer(config, { database, ...(clock ? { clock } : {}), ...(logStream ? { logStream } : {}) })
  await app.ready()
  return {
    app,
    db: database.db,
    database,
    config,
    async login(credentials, tenant) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login?from=customer',
        payload: credentials,
        headers: tenant ? { 'x-tenant': tenant } : {},
      })
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`)
      return response.json().token as string
    },
    auth: (token) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close()
      await database.cleanup()
    },
  }
}
