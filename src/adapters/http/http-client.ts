import axios, { type AxiosInstance } from 'axios'
import type { TokenStore } from '../../application/ports/token-store.port'

import { DEFAULT_API_BASE, DEFAULT_TIMEOUT_MS, type HttpConfig } from './transport'

export type { HttpConfig }
export { DEFAULT_API_BASE, DEFAULT_TIMEOUT_MS }

/**
 * The axios instance every Http* adapter uses: base URL, timeout, tenant header and the stored token.
 * A request without a body goes without a Content-Type: axios's node adapter would otherwise send
 * 'application/x-www-form-urlencoded' on a bodiless PUT or POST (the browser adapters drop it).
 */
export function createHttpClient(config: HttpConfig, tokens: TokenStore): AxiosInstance {
  const instance = axios.create({
    baseURL: config.baseUrl ?? DEFAULT_API_BASE,
    timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(config.adapter ? { adapter: config.adapter } : {}),
    headers: { ...config.headers, ...(config.tenant ? { 'X-Tenant': config.tenant } : {}) },
  })
  instance.interceptors.request.use((request) => {
    const token = tokens.get()
    if (token) request.headers.set('Authorization', `Bearer ${token}`)
    if (request.data === undefined || request.data === null) request.headers.set('Content-Type', false) // false: neither sent nor defaulted
    return request
  })
  return instance
}
