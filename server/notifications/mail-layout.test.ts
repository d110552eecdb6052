import { describe, expect, it } from 'vitest'
import { DEMO_ORGANISATION_SETTINGS } from '../seed/demo.seed'
import { htmlOf } from './mail-layout'
import { renderPurchase } from './purchase-messages'
import type { MessageContext } from './messages'

const BRAND = { name: 'Harley Aesthetics' }
const CONTEXT: MessageContext = {
  tenant: 'demo',
  organisation: { name: 'Harley Aesthetics', settings: DEMO_ORGANISATION_SETTINGS },
  customer: { firstName: 'Jane' },
  calendar: { organizer: { name: 'Harley Aesthetics', email: 'no-reply@clinic.test' }, attendee: { name: 'Jane Doe', email: 'jane@example.test' } },
  manageUrl: 'https://book.clinic.test/app',
  bookUrl: 'https://book.clinic.test/',
  now: new Date('2026-06-16T09:00:00Z'),
}

describe('htmlOf', () => {
  it("shows a gift voucher message's line breaks as <br /> and still escapes its HTML", async () => {
    const message = renderPurchase(
      'gift-voucher',
      {
        appointments: [],
        voucher: {
          code: 'GV-1234',
          amount: 100,
          currency: 'GBP',
          expiresAt: '2027-06-16T12:00:00.000Z',
          from: 'Jane Doe',
          receiver: { name: 'Sam Green', email: 'sam@example.com', message: 'Happy birthday!\nLove, <b>Jo</b> & "co"\r\n\nSee you soon' },
        },
      },
      CONTEXT,
    )
    expect(message).toBeDefined()
    const html = await htmlOf(message!, BRAND)
    expect(html).toContain('Happy birthday!<br />Love, &lt;b&gt;Jo&lt;/b&gt; &amp; &quot;co&quot;<br /><br />See you soon')
    expect(html).not.toContain('<b>Jo</b>')
  })

  it('keeps a single-line paragraph as it was, escaped', async () => {
    const html = await htmlOf({ subject: 'Hi', paragraphs: ['Hi <Ann>,', 'One line'], details: ['Code: A&B'], sms: '' }, BRAND)
    expect(html).toContain('Hi &lt;Ann&gt;,')
    expect(html).toContain('Code: A&amp;B')
    expect(html).not.toContain('<br />')
  })
})
