import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HoldSweeper } from '../booking/hold-sweeper'
import { londonDate, londonInstant } from '../test-support/dates'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'
import { hasMetric, sampleOf } from './prometheus-text'

let t: TestServer
let demo: string
let offsetMs = 0
beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  demo = await t.login(DEMO_CUSTOMER)
})
afterAll(() => t.close())

const scrape = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/metrics' })
  expect(response.statusCode).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  return response.body
}

/** A day Sarah works in London (Tuesday to Friday), clear of the seeded bookings. */
const day = londonDate(4, [2, 3, 4, 5])
const at = (time: string) => ({ start: londonInstant(day, time), end: londonInstant(day, time) })
const book = (time: string, service: string = DEMO.sAntiWrinkle1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments/public',
    headers: t.auth(demo),
    payload: { appointment: { event: at(time), practitioner: DEMO.pSarah, clinic: DEMO.clinicLondon, service } },
  })

describe('GET /api/metrics (development and test: open)', () => {
  it('counts a booking, its request by route pattern and status, and a 404 without the raw URL', async () => {
    const before = await scrape()
    const created = await book('10:00')
    expect(created.statusCode).toBe(200)
    const status = created.json().appointment.status as string
    const id = created.json().appointment.id as string
    await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, headers: t.auth(demo) })
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing?token=secret' })
    const after = await scrape()

    const bookings = { tenant: 'demo', status }
    expect(sampleOf(after, 'clinic_bookings_created_total', bookings)).toBe(sampleOf(before, 'clinic_bookings_created_total', bookings) + 1)
    const posted = { method: 'POST', route: '/api/appointments/public', status_code: '200' }
    expect(sampleOf(after, 'http_requests_total', posted)).toBe(sampleOf(before, 'http_requests_total', posted) + 1)
    expect(sampleOf(after, 'http_request_duration_seconds_count', posted)).toBe(sampleOf(before, 'http_request_duration_seconds_count', posted) + 1)
    // The pattern, not the id.
    expect(sampleOf(after, 'http_requests_total', { route: '/api/appointments/:id', status_code: '200' })).toBeGreaterThanOrEqual(1)
    expect(after).not.toContain(id)
    expect(after).not.toContain('secret')
    expect(sampleOf(after, 'http_requests_total', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1)
  })

  it('counts a cancellation and a reschedule', async () => {
    // A consultation takes no deposit: booked at once (Scheduled), so it can be moved and cancelled.
    const first = (await book('11:00', DEMO.sConsultation)).json().appointment.id as string
    const second = (await book('14:00', DEMO.sConsultation)).json().appointment.id as string
    const before = await scrape()
    const moved = await t.app.inject({ method: 'PUT', url: `/api/appointments/reschedule/${first}`, headers: t.auth(demo), payload: { appointment: { event: at('15:00') } } })
    expect(moved.statusCode).toBe(200)
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/appointments/cancel-by-customer/${second}`, headers: t.auth(demo) })
    expect(cancelled.statusCode).toBe(200)
    const after = await scrape()
    for (const name of ['clinic_bookings_rescheduled_total', 'clinic_bookings_cancelled_total']) {
      expect(sampleOf(after, name, { tenant: 'demo' })).toBe(sampleOf(before, name, { tenant: 'demo' }) + 1)
    }
  })

  it('shows active holds, expired holds released by the sweeper, the outbox, the pool and event-loop lag', async () => {
    // A hold made ten minutes ago (by the server's clock) has expired by the database's.
    offsetMs = -10 * 60_000
    const held = await book('16:00')
    offsetMs = 0
    expect(held.json().appointment.status).toBe('Pending')
    const live = await book('12:00')
    expect(live.json().appointment.status).toBe('Pending')
    const before = await scrape()
    expect(sampleOf(before, 'clinic_holds_active', { tenant: 'demo' })).toBeGreaterThanOrEqual(1)
    expect(await new HoldSweeper(t.db).sweep()).toBeGreaterThanOrEqual(1)
    const after = await scrape()
    expect(sampleOf(after, 'clinic_holds_expired_total')).toBeGreaterThan(sampleOf(before, 'clinic_holds_expired_total'))
    for (const name of ['clinic_outbox_depth', 'clinic_outbox_oldest_age_seconds', 'nodejs_eventloop_lag_seconds']) expect(hasMetric(after, name)).toBe(true)
    expect(sampleOf(after, 'clinic_db_pool_connections', { state: 'size' })).toBeGreaterThanOrEqual(1)
  })

  it('reports the outbox depth and the age of its oldest unsent message', async () => {
    // A message waiting for its retry an hour from now: unsent, and out of reach of a drain the earlier
    // bookings' mails set going (one of those sent a message inserted here due at once before the scrape).
    await t.db
      .insertInto('outbox')
      .values({ id: 'ffffffffffff00000000beef', tenant_id: 'demo', to_address: 'a@example.com', subject: 's', text: 'x', html: null, attachments: '[]', created_at: new Date(Date.now() - 3_600_000), attempts: 1, next_attempt_at: new Date(Date.now() + 3_600_000) } as never)
      .execute()
    const text = await scrape()
    expect(sampleOf(text, 'clinic_outbox_depth')).toBeGreaterThanOrEqual(1)
    expect(sampleOf(text, 'clinic_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(3_600)
  })
})

describe('docs/prometheus-rules.yml', () => {
  it('alerts only on metrics the server exposes', async () => {
    const rules = readFileSync('docs/prometheus-rules.yml', 'utf8')
    const used = new Set([...rules.matchAll(/\b((?:http|clinic|nodejs|process)_[a-z0-9_]+)/g)].map((m) => m[1].replace(/_(bucket|count|sum)$/, '')))
    expect(used.size).toBeGreaterThan(5)
    const text = await scrape()
    for (const name of used) expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'))
  })
})

describe('protecting /api/metrics', () => {
  it('METRICS_TOKEN: refuses a scrape without the bearer token or with another one', async () => {
    const s = await buildTestServer({ metricsToken: 'scrape-secret' })
    try {
      const none = await s.app.inject({ method: 'GET', url: '/api/metrics' })
      expect(none.statusCode).toBe(401)
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/)
      expect((await s.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer scrape-secreT' } })).statusCode).toBe(401)
      const ok = await s.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer scrape-secret' } })
      expect(ok.statusCode).toBe(200)
      expect(hasMetric(ok.body, 'http_requests_total')).toBe(true)
    } finally {
      await s.close()
    }
  })

  it('production without a token or a port: 404', async () => {
    const s = await buildTestServer({ env: 'production' })
    try {
      expect((await s.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404)
    } finally {
      await s.close()
    }
  })

  it('METRICS_PORT: served on its own port only', async () => {
    const s = await buildTestServer({ metricsPort: 0, host: '127.0.0.1' })
    try {
      await s.app.listen({ port: 0, host: '127.0.0.1' })
      expect((await s.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404)
      const address = s.app.metricsServer!.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const response = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(response.status).toBe(200)
      expect(hasMetric(await response.text(), 'clinic_db_pool_connections')).toBe(true)
    } finally {
      await s.close()
    }
  })
})
