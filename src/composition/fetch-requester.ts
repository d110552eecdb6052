import type { AxiosInstance } from 'axios'
import type { TokenStore } from '../application/ports/token-store.port'
import type { HttpConfig } from '../adapters/http/http-client'

// The same defaults as createHttpClient (importing them would pull axios into the first view).
const DEFAULT_API_BASE = '/api'
const DEFAULT_TIMEOUT_MS = 30_000

type RequestConfig = Parameters<AxiosInstance['request']>[0]

/**
 * The first view's transport: the `request` method of an axios instance (all that callRoute uses)
 * on the browser's fetch, with the same base URL, timeout, X-Tenant header and stored token as
 * createHttpClient. It keeps axios (20 KB gzip) out of the location list's JavaScript; every later
 * call goes through the axios adapters of the lazily loaded modules.
 */
export function createFetchRequester(config: HttpConfig, tokens: TokenStore, fetcher: typeof fetch = fetch): AxiosInstance {
  const base = (config.baseUrl ?? DEFAULT_API_BASE).replace(/\/$/, '')
  const request = async (cfg: RequestConfig) => {
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries((cfg.params ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) query.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
    }
    const search = query.toString()
    const headers: Record<string, string> = { Accept: 'application/json' }
    const token = tokens.get()
    if (token) headers.Authorization = `Bearer ${token}`
    if (config.tenant) headers['X-Tenant'] = config.tenant
    if (cfg.data !== undefined) headers['Content-Type'] = 'application/json'
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), cfg.timeout ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    const outer = cfg.signal as AbortSignal | undefined
    outer?.addEventListener('abort', () => controller.abort())
    try {
      const response = await fetcher(`${base}${cfg.url ?? ''}${search ? `?${search}` : ''}`, {
        method: (cfg.method ?? 'GET').toUpperCase(),
        headers,
        body: cfg.data === undefined ? undefined : JSON.stringify(cfg.data),
        signal: controller.signal,
      })
      const text = await response.text()
      let data: unknown = text
      try {
        data = text === '' ? '' : JSON.parse(text)
      } catch {
        data = text
      }
      return { status: response.status, data, headers: {}, statusText: response.statusText, config: cfg }
    } finally {
      clearTimeout(timer)
    }
  }
  return { request } as unknown as AxiosInstance
}
