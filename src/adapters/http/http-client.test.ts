import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import nock from 'nock'
import { createHttpClient } from './http-client'
import { callRoute } from './api-client'
import { InMemoryTokenStore } from '../storage/in-memory.adapter'
import { cancelAppointmentByCustomer, deletePendingAppointment } from '../../contract/appointments.routes'

const BASE = 'http://content-type.test'

beforeAll(() => nock.disableNetConnect())
afterEach(() => nock.cleanAll())

/** Records the Content-Type of every request to BASE. */
function recordContentTypes() {
  const seen: { method: string; contentType: string | undefined; body: unknown }[] = []
  for (const method of ['PUT', 'POST'] as const) {
    nock(BASE)
      .persist()
      .intercept(/.*/, method)
      .reply(function (_uri, body) {
        seen.push({ method: this.req.method, contentType: this.req.headers['content-type'] as string | undefined, body })
        return [200, {}]
      })
  }
  return seen
}

describe('createHttpClient on node (axios http adapter)', () => {
  const http = createHttpClient({ baseUrl: `${BASE}/api`, adapter: 'http' }, new InMemoryTokenStore('tok'))

  it('sends no Content-Type on a PUT or POST without a body (a form type makes Fastify answer 415)', async () => {
    const seen = recordContentTypes()
    await http.put('/appointments/cancel-by-customer/1')
    await http.post('/things')
    await http.request({ method: 'PUT', url: '/things/2', data: undefined })
    expect(seen.map((s) => [s.method, s.contentType])).toEqual([
      ['PUT', undefined],
      ['POST', undefined],
      ['PUT', undefined],
    ])
  })

  it('still sends application/json with a body', async () => {
    const seen = recordContentTypes()
    await http.put('/things/1', { name: 'x' })
    await http.post('/things', { name: 'y' })
    expect(seen).toEqual([
      { method: 'PUT', contentType: 'application/json', body: { name: 'x' } },
      { method: 'POST', contentType: 'application/json', body: { name: 'y' } },
    ])
  })

  it('bodiless contract routes (cancel, delete pending) go without a Content-Type', async () => {
    const seen = recordContentTypes()
    const id = '000000000000000000000001'
    await callRoute(http, cancelAppointmentByCustomer, { params: { id } })
    await callRoute(http, deletePendingAppointment, { params: { id } })
    expect(seen.map((s) => [s.method, s.contentType])).toEqual([['PUT', undefined], ['PUT', undefined]])
  })
})
