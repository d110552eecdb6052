/**
 * The one transport every Http* adapter calls through: all that callRoute needs of an HTTP client.
 * The browser implements it on fetch (adapters/http/fetch-transport.ts, no axios in the web bundle);
 * node and the CLI use an axios instance (http-client.ts), which fits this shape as it is.
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
  /**
   * A write the server answers once whatever the number of tries (a payment's idempotency key): it may
   * be sent again after a 503's Retry-After, as reads are (adapters/http/busy-retry.ts).
   */
  idempotent?: boolean
}

/** Response headers: fetch's Headers and axios's AxiosHeaders both read by name; a plain record (tests) too. */
export type HttpHeaders = { get(name: string): unknown } | Readonly<Record<string, unknown>>

export interface HttpResponse {
  status: number
  data: unknown
  /** Read for Retry-After only; a transport may leave them out. */
  headers?: HttpHeaders
}

export interface HttpTransport {
  request(request: HttpRequest): Promise<HttpResponse>
}
