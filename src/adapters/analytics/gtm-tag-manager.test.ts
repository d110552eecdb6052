// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { GtmTagManager } from './gtm-tag-manager.adapter'

describe('GtmTagManager', () => {
  it('injects the script only when a gtmId is set, once', () => {
    const manager = new GtmTagManager(document)
    manager.start(undefined)
    manager.start('')
    expect(document.querySelectorAll('script[data-gtm]')).toHaveLength(0)
    manager.start('GTM-ABC123')
    manager.start('GTM-ABC123')
    const scripts = document.querySelectorAll<HTMLScriptElement>('script[data-gtm]')
    expect(scripts).toHaveLength(1)
    expect(scripts[0].src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123')
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toContainEqual(expect.objectContaining({ event: 'gtm.js' }))
  })
})

describe('GtmTagManager on a page whose address is a secret link', () => {
  it.each(['/form/f0f0f0f0f0f0f0f0f0f00003?password=Form1234', '/user/reset-password/abcDEF123', '/staff/set-password/abcDEF123'])('%s: starts nothing, sends nothing', (address) => {
    for (const script of document.querySelectorAll('script[data-gtm]')) script.remove()
    delete (window as unknown as { dataLayer?: unknown }).dataLayer
    const before = window.location.href
    window.history.replaceState(null, '', address)
    try {
      new GtmTagManager(document).start('GTM-ABC123', { analytics: 'granted' })
      expect(document.querySelectorAll('script[data-gtm]')).toHaveLength(0)
      expect((window as unknown as { dataLayer?: unknown[] }).dataLayer).toBeUndefined()
    } finally {
      window.history.replaceState(null, '', before)
    }
  })
})
