/**
 * The one transport every Http* adapter calls through: all that callRoute needs of an HTTP client.
 * The browser implements it on fetch (fetch-transport.ts, no axios in the web bundle); node and the
 * CLI use an axios instance (http-client.ts), which fits this shape as it is, so nock can test it.
 */
export interface HttpRequest {
  method: string
  /** path after the base address */
  url: string
  params?: Record<string, unknown>
  data?: unknown
  /** milliseconds; the transport's own default when unset */
  timeout?: number
  signal?: AbortSignal
  /** fetch only: the request outlives the page (a hold released on pagehide) */
  keepalive?: boolean
  /** every status resolves (callRoute maps 4xx and 5xx itself) */
  validateStatus?: (status: number) => boolean
}

export interface HttpResponse {
  status: number
  data: unknown
}

export interface HttpTransport {
  request(request: HttpRequest): Promise<HttpResponse>
}

export interface HttpConfig {
  /** API base address: '/api' in the browser (same origin), 'http://host:port/api' from the CLI. */
  baseUrl?: string
  /** Sent as X-Tenant when set (the CLI's --tenant; the browser derives the tenant from the host). */
  tenant?: string
  /** Request timeout in milliseconds (default 30 s). */
  timeoutMs?: number
  /** axios only: 'http' in node (so nock intercepts); axios picks when unset. */
  adapter?: 'http' | 'xhr' | 'fetch'
}

export const DEFAULT_API_BASE = '/api'
export const DEFAULT_TIMEOUT_MS = 30_000
