import { describe, expect, it } from 'vitest'
import { Container } from 'inversify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PORTS } from '../application/tokens'
import { applicationModule, useCaseClasses } from '../application/application.module'
import { browserAdaptersModule, httpAdaptersModule } from './adapters.module'
import { nodeAdaptersModule } from './node-adapters.module'
import { memoryAdaptersModule } from './memory-adapters.module'
import { MemoryStorage } from './storage/in-memory.adapter'

function resolveAll(container: Container) {
  for (const [name, token] of Object.entries(PORTS)) expect(container.get(token), name).toBeDefined()
  for (const [name, cls] of Object.entries(useCaseClasses)) expect(container.get(cls as never), name).toBeInstanceOf(cls)
}

describe('modules', () => {
  it('a test container built from the modules resolves every token', () => {
    const container = new Container()
    container.load(applicationModule, httpAdaptersModule({ baseUrl: 'http://localhost:3000/api', adapter: 'http' }), memoryAdaptersModule())
    resolveAll(container)
  })

  it('the browser and node local modules resolve every token too', () => {
    const browser = new Container()
    browser.load(applicationModule, httpAdaptersModule(), browserAdaptersModule({ storage: new MemoryStorage() }))
    resolveAll(browser)
    const dir = mkdtempSync(join(tmpdir(), 'clinic-di-'))
    try {
      const node = new Container()
      node.load(applicationModule, httpAdaptersModule({ baseUrl: 'http://localhost:3000/api' }), nodeAdaptersModule({ configDir: dir }))
      resolveAll(node)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the http client sends the token the store holds at request time', async () => {
    const container = new Container()
    container.load(applicationModule, httpAdaptersModule({ baseUrl: 'http://x/api' }), memoryAdaptersModule())
    const http = container.get<import('axios').AxiosInstance>(PORTS.HttpClient)
    const tokens = container.get<import('../application/ports/token-store.port').TokenStore>(PORTS.TokenStore)
    tokens.set('abc')
    const seen: string[] = []
    await http.get('/ping', {
      adapter: async (config) => {
        seen.push(String(config.headers.Authorization))
        return { data: {}, status: 200, statusText: 'OK', headers: {}, config }
      },
    })
    expect(seen).toEqual(['Bearer abc'])
  })
})
