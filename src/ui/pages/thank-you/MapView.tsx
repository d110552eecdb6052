import { useEffect, useRef } from 'react'
import L from 'leaflet'
import 'leaflet/dist/leaflet.css'
import { MAP_ZOOM } from '../../view-models/thank-you.view-model'
import { useViewModel } from '../../use-view-model'
import { WEB_CONFIG, type WebConfig } from '../../view-models/views'

/** Leaflet map (its own chunk, loaded only on the thank-you page), zoom 15, tiles from the configured URL. */
export default function MapView({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const config = useViewModel<WebConfig>(WEB_CONFIG)
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!ref.current) return
    const map = L.map(ref.current, { scrollWheelZoom: false }).setView([latitude, longitude], MAP_ZOOM)
    L.tileLayer(config.mapTilesUrl, { attribution: '&copy; OpenStreetMap contributors', maxZoom: 19 }).addTo(map)
    L.circleMarker([latitude, longitude], { radius: 10, color: '#0b5454', fillColor: '#0f6e6e', fillOpacity: 0.9 })
      .addTo(map)
      .bindTooltip(label)
    return () => {
      map.remove()
    }
  }, [latitude, longitude, label, config.mapTilesUrl])
  return <div ref={ref} style={{ width: '100%', height: '100%' }} role="region" aria-label={`Map showing ${label}`} />
}
