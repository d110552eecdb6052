import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import * as t from 'io-ts'
import * as E from 'fp-ts/Either'
import { route, ErrorBody } from '../../contract/route'
import { callRoute } from './api-client'
import { createHttpClient } from './http-client'
import { InMemoryTokenStore } from '../storage/in-memory.adapter'

const BASE = 'http://api.test'
const getThing = route({
  method: 'GET',
  path: '/things/{id}',
  access: 'public',
  summary: 'A thing',
  description: 'A thing by its id.',
  params: t.type({ id: t.string }),
  query: t.partial({ count: t.number }),
  responses: { 200: t.type({ name: t.string }), 404: ErrorBody },
})
const postThing = route({
  method: 'POST',
  path: '/things',
  access: 'public',
  summary: 'Create a thing',
  description: 'A new thing.',
  body: t.type({ name: t.string }),
  responses: { 201: t.type({ id: t.string }) },
})

beforeAll(() => nock.disableNetConnect())
afterEach(() => {
  nock.cleanAll()
})

describe('callRoute', () => {
  const tokens = new InMemoryTokenStore('tok')
  const http = createHttpClient({ baseUrl: `${BASE}/api`, tenant: 'acme', adapter: 'http', timeoutMs: 500 }, tokens)

  it('fills the path, sends the query, the bearer token and the tenant, and decodes the body', async () => {
    const scope = nock(BASE, { reqheaders: { authorization: 'Bearer tok', 'x-tenant': 'acme' } })
      .get('/api/things/a%20b')
      .query({ count: '3' })
      .reply(200, { name: 'x' })
    const result = await callRoute(http, getThing, { params: { id: 'a b' }, query: { count: 3 } })
    expect(result).toEqual(E.right({ name: 'x' }))
    scope.done()
  })

  it('sends no Authorization header without a token', async () => {
    const bare = createHttpClient({ baseUrl: `${BASE}/api`, adapter: 'http' }, new InMemoryTokenStore())
    const scope = nock(BASE, { badheaders: ['authorization', 'x-tenant'] }).post('/api/things', { name: 'n' }).reply(201, { id: '1' })
    expect(await callRoute(bare, postThing, { body: { name: 'n' } })).toEqual(E.right({ id: '1' }))
    scope.done()
  })

  it("maps an error status to the server's message", async () => {
    nock(BASE).get('/api/things/1').reply(404, { statusCode: 404, message: 'No such thing' })
    expect(await callRoute(http, getThing, { params: { id: '1' } })).toEqual(
      E.left({ _tag: 'HttpError', status: 404, message: 'No such thing', serverMessage: 'No such thing' }),
    )
  })

  it("falls back to 'Request failed with status {status}' without a server message", async () => {
    nock(BASE).get('/api/things/1').reply(502, 'Bad gateway')
    expect(await callRoute(http, getThing, { params: { id: '1' } })).toEqual(
      E.left({ _tag: 'HttpError', status: 502, message: 'Request failed with status 502' }),
    )
  })

  it('reports a body that does not decode as a contract violation', async () => {
    nock(BASE).get('/api/things/1').reply(200, { title: 'wrong' })
    const result = await callRoute(http, getThing, { params: { id: '1' } })
    expect(E.isLeft(result) && result.left._tag).toBe('ContractViolation')
  })

  it('reports a success status without a codec as a contract violation', async () => {
    nock(BASE).get('/api/things/1').reply(202, { name: 'x' })
    const result = await callRoute(http, getThing, { params: { id: '1' } })
    expect(result).toEqual(E.left({ _tag: 'ContractViolation', detail: 'GET /things/{id}: unexpected status 202' }))
  })

  it('reports a network error and a timeout as unreachable', async () => {
    nock(BASE).get('/api/things/1').replyWithError('socket hang up')
    const down = await callRoute(http, getThing, { params: { id: '1' } })
    expect(E.isLeft(down) && down.left._tag).toBe('Unreachable')
    nock(BASE).get('/api/things/2').delay(300).reply(200, { name: 'x' })
    const slow = await callRoute(http, getThing, { params: { id: '2' }, timeoutMs: 50 })
    expect(E.isLeft(slow) && slow.left._tag).toBe('Unreachable')
  })
})
