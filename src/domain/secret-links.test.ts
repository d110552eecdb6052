import { describe, expect, it } from 'vitest'
import { isSecretLinkPage } from './secret-links'

describe('isSecretLinkPage', () => {
  it.each([
    ['/form/f0f0f0f0f0f0f0f0f0f00003', true],
    ['/user/reset-password/abcDEF123', true],
    ['/staff/set-password/abcDEF123', true],
    ['/waitlist/offer/abcDEF123', true],
    ['/', false],
    ['/app', false],
    ['/privacy', false],
    ['/form-builder', false],
    ['/forgot-password', false],
    ['/staff', false],
    ['/staff/forgot-password', false],
    ['/step/london/services', false],
  ])('%s: %s', (pathname, secret) => expect(isSecretLinkPage(pathname)).toBe(secret))
})
