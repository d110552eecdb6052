import { describe, expect, it } from 'vitest'
import { embedHostsOf, frameAncestors, withFrameAncestors } from './embed-hosts'

describe('embed hosts', () => {
  it('keeps origins only (no paths, quotes or directives smuggled into the policy)', () => {
    expect(embedHostsOf({ embedHosts: ['https://www.clinic.example', 'https://*.clinic.example/', 'http://localhost:8080', "https://a.example; script-src 'unsafe-inline'", 'https://b.example/path', 'javascript:alert(1)'] }))
      .toEqual(['https://www.clinic.example', 'https://*.clinic.example', 'http://localhost:8080'])
    expect(embedHostsOf(undefined)).toEqual([])
    expect(embedHostsOf({})).toEqual([])
  })

  it("lets the lead form be framed anywhere and the app only by itself until hosts are listed", () => {
    expect(frameAncestors([], 'lead')).toBe('*')
    expect(frameAncestors([], 'app')).toBe("'self'")
    expect(frameAncestors(['https://www.clinic.example'], 'lead')).toBe("'self' https://www.clinic.example")
    expect(frameAncestors(['https://www.clinic.example'], 'app')).toBe("'self' https://www.clinic.example")
  })

  it('replaces the directive in a policy', () => {
    expect(withFrameAncestors("default-src 'self';frame-ancestors 'self';form-action 'self'", "'self' https://x.example"))
      .toBe("default-src 'self';frame-ancestors 'self' https://x.example;form-action 'self'")
    expect(withFrameAncestors("default-src 'none'", '*')).toBe("default-src 'none'; frame-ancestors *")
  })
})
