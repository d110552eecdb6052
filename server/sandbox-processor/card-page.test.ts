import { Script } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { accentParam, DEFAULT_ACCENT, escapeHtml, renderCardPage } from './card-page'

const base = { title: 'Card payment', buttonLabel: 'Pay £10.00', action: '/sandbox/pay/txn_1', doneTitle: 'Payment complete', doneText: 'Thanks', messageType: 'sandbox-payment' }

describe('sandbox card page', () => {
  it('labels every field and ties the inline style and script to the CSP nonce', () => {
    const { html, csp } = renderCardPage(base)
    for (const [id, label] of [['cardNo', 'Card number'], ['expDate', 'Expiry date'], ['cvv', 'CVV'], ['postCode', 'Postal code']]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`)
      expect(html).toContain(`id="${id}"`)
    }
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]
    expect(html).toContain(`<script nonce="${nonce}">`)
    expect(html).toContain(`<style nonce="${nonce}">`)
    expect(csp).toContain("frame-ancestors 'self'")
    expect(html).toContain('role="alert"')
  })

  it('has a script that parses, with and without a redirect', () => {
    for (const options of [base, { ...base, redirectAfter: '/app' }]) {
      const { html } = renderCardPage(options)
      const js = html.split(/<script nonce="[^"]+">/)[1].split('</script>')[0]
      expect(() => new Script(js)).not.toThrow()
    }
  })

  it('starts in the done state for a completed payment and escapes texts', () => {
    const { html } = renderCardPage({ ...base, summary: '<b>x</b>', initialState: { kind: 'done', text: 'Paid' } })
    expect(html).toContain('<form id="card-form" action="/sandbox/pay/txn_1" method="post" novalidate hidden>')
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;')
  })
})

describe('sandbox card page colours', () => {
  it("uses the app's accent by default and a valid accent from the app, never other text in the stylesheet", () => {
    expect(renderCardPage(base).html).toContain(`background:${DEFAULT_ACCENT}`)
    expect(renderCardPage({ ...base, accent: '#7a2e8c' }).html).toContain('background:#7a2e8c')
    const hostile = renderCardPage({ ...base, accent: 'red;}body{display:none' }).html
    expect(hostile).not.toContain('red;}body')
    expect(hostile).toContain(`background:${DEFAULT_ACCENT}`)
    expect(accentParam(['#000000'])).toBeUndefined()
  })
})
