import { describe, expect, it } from 'vitest'
import { redactUrl } from './log-redaction'

describe('redactUrl', () => {
  it.each([
    ['/user/reset-password/abc.def-123', '/user/reset-password/***'],
    ['/staff/set-password/abc_def-123', '/staff/set-password/***'],
    ['/api/user/verify-email/abc123?x=1', '/api/user/verify-email/***?x=1'],
    ['/api/ws?token=eyJhbGciOi.x.y', '/api/ws?token=***'],
    ['/api/ws?a=1&Token=secret&b=2', '/api/ws?a=1&Token=***&b=2'],
    ['/api/public/links?from=customer', '/api/public/links?from=customer'],
    ['/api/user/forgot-password/ann%40example.com', '/api/user/forgot-password/ann%40example.com'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })
})
