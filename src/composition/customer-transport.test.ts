import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { customerTransport } from './first-view.graph'
import { ToastViewModel } from '../ui/view-models/toast.view-model'
import { InMemoryTokenStore } from '../adapters/storage/in-memory.adapter'
import { HttpCatalogueApi } from '../adapters/http/catalogue.adapter'
import { HttpAppointmentsApi } from '../adapters/http/appointments.adapter'
import { HttpAvailabilityApi } from '../adapters/http/availability.adapter'
import { bookingFailure } from '../application/errors'
import type { Clock } from '../application/ports/clock.port'

const clock = { now: () => 0, after: () => () => undefined } as unknown as Clock
const BUSY = JSON.stringify({ statusCode: 503, message: 'The service is temporarily unavailable. Please try again in a moment.' })
const clinic = { id: '0'.repeat(23) + '1', accountName: 'Soho', address: { line1: '1 High St', city: 'London' } }

/** fetch answering from a script, one answer a call, recording the methods. */
function scripted(answers: (() => Response)[]) {
  const calls: string[] = []
  const fetcher = async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`)
    return answers.shift()!()
  }
  return { calls, fetcher }
}
const busy = (seconds: string) => () => new Response(BUSY, { status: 503, headers: { 'retry-after': seconds, 'content-type': 'application/json' } })

describe("the customer's transport when the server is busy (503 + Retry-After)", () => {
  it('reads: tried again after the wait, the customer told meanwhile (a toast, not an error), then the answer', async () => {
    const toasts = new ToastViewModel(clock)
    const { calls, fetcher } = scripted([busy('0'), busy('0'), () => Response.json([clinic])])
    const api = new HttpCatalogueApi(customerTransport({ baseUrl: '/api' }, new InMemoryTokenStore(), toasts, fetcher))
    expect(await api.publicClinics()).toEqual(E.right([clinic]))
    expect(calls).toEqual(['GET /api/public-clinics', 'GET /api/public-clinics', 'GET /api/public-clinics'])
    expect(toasts.toasts.map((t) => [t.text, t.tone])).toEqual([
      ['The service is busy. Trying again…', 'info'],
      ['The service is busy. Trying again…', 'info'],
    ])
  })

  it("a query sent as POST (the contract's read: the practitioners of a service): tried again after the wait, as a GET", async () => {
    const toasts = new ToastViewModel(clock)
    const { calls, fetcher } = scripted([busy('0'), () => Response.json([])])
    const api = new HttpAvailabilityApi(customerTransport({ baseUrl: '/api' }, new InMemoryTokenStore(), toasts, fetcher))
    expect(await api.practitioners({ month: 1, clinic: clinic.id, service: clinic.id })).toEqual(E.right([]))
    expect(calls).toEqual(['POST /api/practitioners/public', 'POST /api/practitioners/public'])
    expect(toasts.toasts.map((t) => t.text)).toEqual(['The service is busy. Trying again…'])
  })

  it('a booking: sent once, its refusal names the wait', async () => {
    const toasts = new ToastViewModel(clock)
    const { calls, fetcher } = scripted([busy('3')])
    const api = new HttpAppointmentsApi(customerTransport({ baseUrl: '/api' }, new InMemoryTokenStore('tok'), toasts, fetcher))
    const result = await api.hold({
      appointment: { event: { start: '2030-01-01T10:00:00.000Z', end: '2030-01-01T10:30:00.000Z' }, practitioner: clinic.id, clinic: clinic.id, service: clinic.id },
    } as never)
    expect(calls).toEqual(['POST /api/appointments/public'])
    expect(E.isLeft(result) && bookingFailure(result.left)).toEqual({ _tag: 'Refused', status: 503, message: 'The service is busy. Please try again in 3 seconds.', retryAfterSeconds: 3 })
    expect(toasts.toasts).toEqual([])
  })
})
