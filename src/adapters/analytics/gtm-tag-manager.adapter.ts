import type { TagManager } from '../../application/ports/tag-manager.port'

/** Google Tag Manager: injects the container script once, only when a gtmId is set. */
export class GtmTagManager implements TagManager {
  private started = false
  constructor(private readonly doc: Document | undefined = globalThis.document) {}

  start(gtmId: string | undefined): void {
    const id = gtmId?.trim()
    if (!id || this.started || !this.doc) return
    if (!/^[A-Z0-9-]+$/i.test(id)) return
    this.started = true
    const w = (this.doc.defaultView ?? globalThis) as unknown as { dataLayer?: unknown[] }
    w.dataLayer = w.dataLayer ?? []
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
    const script = this.doc.createElement('script')
    script.async = true
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`
    script.dataset.gtm = id
    this.doc.head.appendChild(script)
  }
}

/** Does nothing (the CLI, tests). */
export class NoTagManager implements TagManager {
  start(): void {}
}
