/**
 * The one transport every Http* adapter calls through: all that callRoute needs of an HTTP client.
 * The browser implements it on fetch (fetch-transport.ts, no axios in the web bundle); node and the
 * CLI use an axios instance (http-client.ts), which fits this shape as it is, so nock can test it.
 */
export type { HttpHeaders, HttpRequest, HttpResponse, HttpTransport } from '../../application/ports/http-transport.port'

export interface HttpConfig {
  /** API base address: '/api' in the browser (same origin), 'http://host:port/api' from the CLI. */
  baseUrl?: string
  /** Sent as X-Tenant when set (the CLI's --tenant; the browser derives the tenant from the host). */
  tenant?: string
  /** Sent with every request (the operator key on createTenant's own transport). */
  headers?: Record<string, string>
  /** Request timeout in milliseconds (default 30 s). */
  timeoutMs?: number
  /** axios only: 'http' in node (so nock intercepts); axios picks when unset. */
  adapter?: 'http' | 'xhr' | 'fetch'
}

export const DEFAULT_API_BASE = '/api'
export const DEFAULT_TIMEOUT_MS = 30_000
