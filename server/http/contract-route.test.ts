import Fastify from 'fastify'
import * as t from 'io-ts'
import { afterAll, describe, expect, it } from 'vitest'
import { route } from '../../src/contract/route'
import { testConfig, type ServerConfig } from '../config'
import type { ServerDeps } from '../deps'
import { serve } from './contract-route'
import { ok } from './results'

const Answer = t.type({ id: t.string, count: t.number, tags: t.array(t.string) })
const answerRoute = route({ method: 'GET', path: '/answer/{kind}', access: 'public', summary: 'An answer', description: 'One of three answers.', params: t.type({ kind: t.string }), responses: { 200: Answer } })

const bodies: Record<string, unknown> = {
  good: { id: 'a', count: 2, tags: ['x'] },
  // A field the codec does not name: decode accepts it (t.type), so it is no violation.
  extra: { id: 'a', count: 2, tags: ['x'], more: true },
  bad: { id: 'a', count: 'two', tags: ['x'] },
}

async function app(env: ServerConfig['env']) {
  const server = Fastify()
  server.decorate('deps', { config: testConfig({ env }), clock: () => new Date(0) } as unknown as ServerDeps)
  server.decorateRequest('tenant', '')
  serve(server, answerRoute, async ({ params }) => ok(bodies[params.kind] as t.TypeOf<typeof Answer>))
  await server.ready()
  return server
}

describe('serve: the answer is checked against its codec', () => {
  const servers: Awaited<ReturnType<typeof app>>[] = []
  afterAll(async () => Promise.all(servers.map((s) => s.close())))

  it('sends an answer that fits, one with a field more as before, and refuses one that does not fit in tests', async () => {
    const server = await app('test')
    servers.push(server)
    const good = await server.inject({ method: 'GET', url: '/answer/good' })
    expect({ status: good.statusCode, body: good.json() }).toEqual({ status: 200, body: bodies.good })
    const extra = await server.inject({ method: 'GET', url: '/answer/extra' })
    expect({ status: extra.statusCode, body: extra.json() }).toEqual({ status: 200, body: bodies.extra })
    const bad = await server.inject({ method: 'GET', url: '/answer/bad' })
    expect(bad.statusCode).toBe(500)
    expect(bad.json().message).toMatch(/^Contract violation: .*count/)
  })

  it('sends an answer that does not fit outside tests (the client decoder reports it)', async () => {
    const server = await app('production')
    servers.push(server)
    const bad = await server.inject({ method: 'GET', url: '/answer/bad' })
    expect({ status: bad.statusCode, body: bad.json() }).toEqual({ status: 200, body: bodies.bad })
  })
})
