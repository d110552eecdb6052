// Shared set-up of the HTTP adapter tests (node + nock): an axios client on a fake host.
import nock from 'nock'
import { afterEach, beforeAll } from 'vitest'
import { createHttpClient } from './http-client'
import { InMemoryTokenStore } from '../storage/in-memory.adapter'

export const HOST = 'http://clinic.test'
export const API = `${HOST}/api`
export const TOKEN = 'test-token'

export function useNock(): void {
  beforeAll(() => nock.disableNetConnect())
  afterEach(() => {
    const pending = nock.pendingMocks()
    nock.cleanAll()
    if (pending.length) throw new Error(`Not called: ${pending.join(', ')}`)
  })
}

/** An axios client for HOST/api sending the test token. */
export const testHttp = () => createHttpClient({ baseUrl: API, adapter: 'http', timeoutMs: 1000 }, new InMemoryTokenStore(TOKEN))

/** A nock scope on HOST that requires the bearer token. */
export const api = () => nock(HOST, { reqheaders: { authorization: `Bearer ${TOKEN}` } })

export const id = (n: number) => n.toString(16).padStart(24, '0')
