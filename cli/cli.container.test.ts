import { describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AxiosInstance } from 'axios'
import { PORTS } from '../src/application/tokens'
import { useCaseClasses } from '../src/application/application.module'
import type { Logger } from '../src/application/ports/logger.port'
import { FileTokenStore } from '../src/adapters/storage/file-store.adapter'
import { ManualClock } from '../src/adapters/clock/system-clock.adapter'
import { apiBaseOf, createCliContainer } from './cli.container'

describe('the CLI composition root', () => {
  const home = mkdtempSync(join(tmpdir(), 'clinic-root-'))

  it('resolves every port and use case', () => {
    const container = createCliContainer({ baseUrl: 'http://localhost:3000', env: { XDG_CONFIG_HOME: home } })
    for (const [name, token] of Object.entries(PORTS)) expect(container.get(token), name).toBeDefined()
    for (const [name, cls] of Object.entries(useCaseClasses)) expect(container.get(cls as never), name).toBeInstanceOf(cls)
  })

  it('talks to <base>/api with the tenant header and keeps the token in the config directory', () => {
    const container = createCliContainer({ baseUrl: 'http://example.test:4000/', tenant: 'glow', env: { XDG_CONFIG_HOME: home } })
    const http = container.get<AxiosInstance>(PORTS.HttpClient)
    expect(http.defaults.baseURL).toBe('http://example.test:4000/api')
    expect(http.defaults.headers['X-Tenant']).toBe('glow')
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

  it('apiBaseOf drops trailing slashes', () => {
    expect(apiBaseOf('http://localhost:3000//')).toBe('http://localhost:3000/api')
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
