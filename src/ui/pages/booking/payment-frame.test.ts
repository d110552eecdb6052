import { describe, expect, it } from 'vitest'
import { paymentFrameUrl } from './payment-frame'

describe('payment frame address', () => {
  it("adds the app's accent to the sandbox card page only, and only a #rrggbb colour", () => {
    expect(paymentFrameUrl('/sandbox/pay/txn_1', ' #0f6e6e')).toBe('/sandbox/pay/txn_1?accent=%230f6e6e')
    expect(paymentFrameUrl('/sandbox/setup/seti_1?returnUrl=/app', '#0F6E6E')).toBe('/sandbox/setup/seti_1?returnUrl=/app&accent=%230F6E6E')
    expect(paymentFrameUrl('https://checkout.example.com/pay/1', '#0f6e6e')).toBe('https://checkout.example.com/pay/1')
    expect(paymentFrameUrl('/sandbox/pay/txn_1', 'red')).toBe('/sandbox/pay/txn_1')
  })
})
