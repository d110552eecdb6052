import type { TokenStore } from '../../application/ports/token-store.port'
import { DEFAULT_API_BASE, DEFAULT_TIMEOUT_MS, type HttpConfig, type HttpRequest, type HttpResponse, type HttpTransport } from './transport'

/** A request's params as its query string (the page's answers are keyed by it too: inline-answers.ts). */
export function queryOf(params: HttpRequest['params']): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  return query.toString()
}

/** The part of fetch the transport uses (tests hand it a scripted one). */
export type Fetcher = (url: string, init: RequestInit) => Promise<Response>

/**
 * The browser's transport on fetch, with the same base URL, timeout, X-Tenant header and stored
 * token as the axios client of node (createHttpClient). It keeps axios out of the web bundle.
 */
export function createFetchTransport(config: HttpConfig, tokens: TokenStore, fetcher: Fetcher = (url, init) => fetch(url, init)): HttpTransport {
  const base = (config.baseUrl ?? DEFAULT_API_BASE).replace(/\/$/, '')
  const request = async (req: HttpRequest): Promise<HttpResponse> => {
    const search = queryOf(req.params)
    const headers: Record<string, string> = { Accept: 'application/json', ...config.headers }
    const token = tokens.get()
    if (token) headers.Authorization = `Bearer ${token}`
    if (config.tenant) headers['X-Tenant'] = config.tenant
    if (req.data !== undefined) headers['Content-Type'] = 'application/json'
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), req.timeout ?? config.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    req.signal?.addEventListener('abort', () => controller.abort())
    try {
      const response = await fetcher(`${base}${req.url}${search ? `?${search}` : ''}`, {
        method: req.method.toUpperCase(),
        headers,
        body: req.data === undefined ? undefined : JSON.stringify(req.data),
        signal: controller.signal,
        ...(req.keepalive ? { keepalive: true } : {}),
      })
      const text = await response.text()
      let data: unknown = text
      try {
        data = text === '' ? '' : JSON.parse(text)
      } catch {
        data = text
      }
      return { status: response.status, data, headers: response.headers }
    } finally {
      clearTimeout(timer)
    }
  }
  return { request }
}
