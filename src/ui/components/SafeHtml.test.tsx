import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { htmlText, SafeHtml } from './SafeHtml'

afterEach(cleanup)

/** What the browser reads as the HTML's words (the placeholder's former source, still the reference). */
const browserText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent

describe('htmlText (the banner placeholder, the same on the server and in the browser)', () => {
  it("gives the HTML's words as the browser reads them: tags dropped, entities decoded", () => {
    for (const html of [
      '<strong>Winter offer:</strong> 10% off all skin treatments booked online this month.',
      '<p>Caf&#233; &amp; tea &lt;3 &#x1F600; &quot;fresh&quot;</p><p>Open&nbsp;daily</p>',
      'Plain words, 5 > 3 and 2 < 4',
      '<a href="https://example.com/?a=1&amp;b=2" title="x > y">Book</a> <em>now</em>',
    ]) {
      expect(htmlText(html), html).toBe(browserText(html))
    }
  })

  it('leaves out comments and what scripts and styles hold, and gives nothing for no HTML', () => {
    expect(htmlText('<!-- note --><style>p{color:red}</style><script>alert(1)</script>Hello')).toBe('Hello')
    expect(htmlText(undefined)).toBeUndefined()
    expect(htmlText('')).toBeUndefined()
  })
})

describe('SafeHtml', () => {
  it('says it has rendered once the sanitised HTML is in the page', async () => {
    const rendered = vi.fn()
    render(<SafeHtml html="<p>Terms</p><script>alert(1)</script>" onRendered={rendered} />)
    await screen.findByText('Terms')
    await vi.waitFor(() => expect(rendered).toHaveBeenCalled())
    expect(document.querySelector('script')).toBeNull()
  })

  it("says so at once for no HTML (a new clinic's empty terms), so the confirm step can be agreed to", () => {
    for (const html of ['', undefined]) {
      const rendered = vi.fn()
      render(<SafeHtml html={html} onRendered={rendered} />)
      expect(rendered).toHaveBeenCalledTimes(1)
      cleanup()
    }
  })
})
