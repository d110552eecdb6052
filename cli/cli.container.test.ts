import { describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HttpTransport } from '../src/adapters/http/transport'
import { PORTS } from '../src/application/tokens'
import type { Logger } from '../src/application/ports/logger.port'
import { FileTokenStore } from '../src/adapters/storage/file-store.adapter'
import { ManualClock } from '../src/adapters/clock/system-clock.adapter'
import { readdirSync, readFileSync } from 'node:fs'
import { useCaseClasses } from '../src/application/application.module'
import { ConfirmBooking } from '../src/application/use-cases/confirm-booking.use-case'
import { cliUseCases, createCliContainer } from './cli.container'
import { STAFF_WAITLIST_USE_CASES } from '../src/application/use-cases/staff-waitlist.use-case'

describe('the CLI composition root', () => {
  const home = mkdtempSync(join(tmpdir(), 'clinic-root-'))

  it('resolves every port and use case', () => {
    const container = createCliContainer({ baseUrl: 'http://localhost:3000', env: { XDG_CONFIG_HOME: home } })
    for (const [name, token] of Object.entries(PORTS)) expect(container.get(token), name).toBeDefined()
    for (const [name, cls] of Object.entries(useCaseClasses)) expect(container.get(cls as never), name).toBeInstanceOf(cls)
    for (const cls of STAFF_WAITLIST_USE_CASES) expect(container.get<object>(cls as never), cls.name).toBeInstanceOf(cls)
  })

  it('resolves every use case by its class, to one instance', () => {
    const container = createCliContainer({ baseUrl: 'http://localhost:3000', env: { XDG_CONFIG_HOME: home } })
    for (const [name, useCase] of Object.entries(useCaseClasses)) {
      const byClass = container.get<object>(useCase)
      expect(byClass, name).toBeInstanceOf(useCase)
      expect(byClass, name).toBe(container.get<object>(useCase))
    }
    const useCases = cliUseCases({ baseUrl: 'http://localhost:3000', env: { XDG_CONFIG_HOME: home } })
    expect(useCases(ConfirmBooking)).toBeInstanceOf(ConfirmBooking)
  })

  it('is the only CLI file that looks anything up in a container, and no command names a use case by a string', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
    const sources = files(__dirname).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !f.endsWith('cli.container.ts'))
    expect(sources.length).toBeGreaterThan(10)
    for (const file of sources) {
      const text = readFileSync(file, 'utf8')
      expect(text, file).not.toMatch(/\.get(<[^>]*>)?\(\s*(USE_CASES|PORTS)|container\.get|USE_CASES/)
      expect(text, file).not.toMatch(/useCase(<[^>]*>)?\(\s*['"`]/)
    }
  })

  it('talks to <base>/api with the tenant header and keeps the token in the config directory', async () => {
    const nock = (await import('nock')).default
    nock.disableNetConnect()
    nock('http://example.test:4000', { reqheaders: { 'x-tenant': 'glow' } }).get('/api/things').reply(200, { ok: true })
    const container = createCliContainer({ baseUrl: 'http://example.test:4000/', tenant: 'glow', env: { XDG_CONFIG_HOME: home } })
    const http = container.get<HttpTransport>(PORTS.HttpClient)
    expect(await http.request({ method: 'GET', url: '/things' })).toMatchObject({ status: 200, data: { ok: true } })
    nock.cleanAll()
    const tokens = container.get<FileTokenStore>(PORTS.TokenStore)
    expect(tokens.path).toBe(join(home, 'clinic', 'token'))
    rmSync(home, { recursive: true, force: true })
  })

  it('logs only through the given sink, and takes the given clock', () => {
    const lines: string[] = []
    const clock = new ManualClock()
    const container = createCliContainer({ baseUrl: 'http://x.test', log: (l) => lines.push(l), clock })
    container.get<Logger>(PORTS.Logger).warn('Payment check failed', { _tag: 'Unreachable' })
    expect(lines).toEqual(['warning: Payment check failed {"_tag":"Unreachable"}'])
    expect(container.get(PORTS.Clock)).toBe(clock)
    expect(() => createCliContainer({ baseUrl: 'http://x.test' }).get<Logger>(PORTS.Logger).warn('quiet')).not.toThrow()
  })
})

describe('requests without a body', () => {
  it('carry no Content-Type (createHttpClient drops the form type axios on node would send)', async () => {
    const nock = (await import('nock')).default
    nock.disableNetConnect()
    const seen: (string | undefined)[] = []
    nock('http://body.test')
      .put('/api/appointments/cancel-by-customer/000000000000000000000001')
      .reply(function () {
        seen.push(this.req.headers['content-type'] as string | undefined)
        return [409, { statusCode: 409, message: 'Too late' }]
      })
    const container = createCliContainer({ baseUrl: 'http://body.test', env: { XDG_CONFIG_HOME: tmpdir() } })
    const api = container.get<{ cancel(id: string): Promise<unknown> }>(PORTS.AppointmentsApi)
    await api.cancel('000000000000000000000001')
    expect(seen).toEqual([undefined])
    nock.cleanAll()
  })
})
