import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { namedRoutes } from '../../src/contract'
import { fastifyPattern } from '../../src/contract/route'
import { buildTestServer, type TestServer } from '../test-support/test-server'

/** The contract resources this server core serves (commerce serves the others). */
const CORE_RESOURCES = ['organisation', 'links', 'clinics', 'categories', 'services', 'practitioners', 'appointments', 'auth', 'lists', 'countries', 'customers', 'dev']

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer()
})
afterAll(() => t.close())

describe('contract coverage', () => {
  it('serves every core route of the contract under /api', () => {
    const core = namedRoutes.filter((n) => CORE_RESOURCES.includes(n.resource) || n.name === 'getCoursesGroupedByCategory')
    expect(core.length).toBeGreaterThan(25)
    const missing = core.filter((n) => !t.app.hasRoute({ method: n.route.method, url: `/api${fastifyPattern(n.route)}` })).map((n) => `${n.route.method} ${n.route.path}`)
    expect(missing).toEqual([])
  })
})
