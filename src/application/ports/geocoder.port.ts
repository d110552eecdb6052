import type * as O from 'fp-ts/Option'

export interface LatLng {
  lat: number
  lng: number
}

/** Address lookup for the thank-you map; none on any failure (spec: 'empty on failure'). */
export interface Geocoder {
  lookup(address: string): Promise<O.Option<LatLng>>
}
