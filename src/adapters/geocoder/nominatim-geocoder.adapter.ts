import * as O from 'fp-ts/Option'
import type { Geocoder, LatLng } from '../../application/ports/geocoder.port'

export interface GeocoderConfig {
  /** A Nominatim-compatible search endpoint, e.g. 'https://nominatim.openstreetmap.org/search'. */
  url: string
  fetch?: typeof fetch
  timeoutMs?: number
}

/** Looks an address up with fetch; none on any failure (spec: 'empty on failure'). */
export class NominatimGeocoder implements Geocoder {
  constructor(private readonly config: GeocoderConfig) {}

  async lookup(address: string): Promise<O.Option<LatLng>> {
    if (address.trim() === '') return O.none
    const doFetch = this.config.fetch ?? globalThis.fetch
    const url = new URL(this.config.url, globalThis.location?.href ?? undefined)
    url.searchParams.set('q', address)
    url.searchParams.set('format', 'json')
    url.searchParams.set('limit', '1')
    try {
      const response = await doFetch(url.toString(), {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000),
      })
      if (!response.ok) return O.none
      const body: unknown = await response.json()
      const first = Array.isArray(body) ? (body[0] as Record<string, unknown> | undefined) : undefined
      const lat = Number(first?.lat)
      const lng = Number(first?.lon ?? first?.lng)
      return first && Number.isFinite(lat) && Number.isFinite(lng) ? O.some({ lat, lng }) : O.none
    } catch {
      return O.none
    }
  }
}
