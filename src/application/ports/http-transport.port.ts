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
}

export interface HttpResponse {
  status: number
  data: unknown
}

export interface HttpTransport {
  request(request: HttpRequest): Promise<HttpResponse>
}
