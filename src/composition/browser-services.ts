import type { WebConfig } from '../ui/view-models/views'
import { HOLD_SECONDS } from '../domain/booking/hold'

export interface BrowserEnvironment {
  host: string
  env: Record<string, string | boolean | undefined>
  storage?: Pick<Storage, 'getItem'>
}

/** 'local' on localhost, 'staging' on a staging host (or VITE_ENVIRONMENT), else production. */
export function environmentOf(host: string, configured?: string): WebConfig['environment'] {
  if (configured === 'production' || configured === 'staging' || configured === 'local') return configured
  const hostname = host.replace(/:\d+$/, '')
  if (hostname === 'localhost' || hostname === '127.0.0.1' || hostname.endsWith('.localhost')) return 'local'
  return /(^|[.-])staging([.-]|$)/.test(hostname) ? 'staging' : 'production'
}

export const DEFAULT_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
/** Test hook: the end-to-end suite shortens the hold with this localStorage key. */
export const HOLD_SECONDS_KEY = 'booking.holdSeconds'

export function webConfigOf({ host, env, storage }: BrowserEnvironment): WebConfig {
  const override = Number(storage?.getItem(HOLD_SECONDS_KEY) ?? env.VITE_HOLD_SECONDS ?? NaN)
  return {
    environment: environmentOf(host, env.VITE_ENVIRONMENT as string | undefined),
    holdSeconds: Number.isFinite(override) && override > 0 ? override : HOLD_SECONDS,
    mapTilesUrl: (env.VITE_MAP_TILES_URL as string | undefined) || DEFAULT_TILES_URL,
  }
}
