import type { TagManager } from '../../application/ports/tag-manager.port'
import { isSecretLinkPage } from '../../domain/secret-links'

/** The storage kinds of Google's consent mode (v2), all denied until the visitor says otherwise. */
export const CONSENT_DENIED = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' } as const

/**
 * Google Tag Manager: injects the container script once, only when a gtmId is set, and never on a page
 * whose address is a secret link (a form, a password reset...): the container's tags send the page's
 * address (`page_location`, with its query) to Google, where anyone with the clinic's analytics could
 * open the form. A visit that starts on such a page is not measured.
 */
export class GtmTagManager implements TagManager {
  private started = false
  constructor(private readonly doc: Document | undefined = globalThis.document) {}

  start(gtmId: string | undefined, consentMode?: { analytics: 'granted' }): void {
    const id = gtmId?.trim()
    if (!id || this.started || !this.doc) return
    if (!/^[A-Z0-9-]+$/i.test(id)) return
    if (isSecretLinkPage(this.doc.location?.pathname ?? '/')) return
    this.started = true
    const w = (this.doc.defaultView ?? globalThis) as unknown as { dataLayer?: unknown[] }
    w.dataLayer = w.dataLayer ?? []
    if (consentMode) {
      const layer = w.dataLayer
      // gtag() pushes its `arguments` object: the consent commands are read only in that form.
      const gtag = function gtag(..._args: unknown[]) {
        // eslint-disable-next-line prefer-rest-params
        layer.push(arguments)
      }
      gtag('consent', 'default', CONSENT_DENIED)
      gtag('consent', 'update', { analytics_storage: consentMode.analytics })
    }
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
