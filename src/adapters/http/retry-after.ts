import type { HttpHeaders } from './transport'

/** A header by its name, from fetch's Headers, axios's AxiosHeaders or a plain record. */
export function headerOf(headers: HttpHeaders | undefined, name: string): string | undefined {
  if (!headers) return undefined
  const value = typeof headers.get === 'function' ? (headers as { get(name: string): unknown }).get(name) : (headers as Readonly<Record<string, unknown>>)[name]
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  return undefined
}

/**
 * The seconds a Retry-After header asks to wait: delta-seconds ('5') or an HTTP date, rounded up to a
 * whole second, at least 0; undefined when absent or unreadable.
 */
export function retryAfterSeconds(headers: HttpHeaders | undefined, now: number = Date.now()): number | undefined {
  const value = headerOf(headers, 'retry-after')?.trim()
  if (!value) return undefined
  if (/^\d+$/.test(value)) return Number(value)
  const at = Date.parse(value)
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : undefined
}
