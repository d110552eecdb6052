import { describe, expect, it } from 'vitest'
import { PAY_LINK_QUIET_MS, payLinkMessageDue } from './pay-link'

const sentAt = new Date('2026-12-02T10:00:00Z')
const at = (ms: number) => new Date(sentAt.getTime() + ms)
const link = 'https://pay.example/txn_1'

describe('payLinkMessageDue', () => {
  it.each([
    ['never sent', undefined, { payUrl: link, now: at(0), resend: false }, true],
    ['the same link again at once (a retry)', { payUrl: link, sentAt }, { payUrl: link, now: at(1_000), resend: false }, false],
    ['the same link just inside the quiet time', { payUrl: link, sentAt }, { payUrl: link, now: at(PAY_LINK_QUIET_MS - 1), resend: false }, false],
    ['the same link once the quiet time is over', { payUrl: link, sentAt }, { payUrl: link, now: at(PAY_LINK_QUIET_MS), resend: false }, true],
    ['staff resend it on purpose', { payUrl: link, sentAt }, { payUrl: link, now: at(1_000), resend: true }, true],
    ['a new link (an earlier payment closed)', { payUrl: link, sentAt }, { payUrl: 'https://pay.example/txn_2', now: at(1_000), resend: false }, true],
  ])('%s: %s', (_name, last, next, due) => {
    expect(payLinkMessageDue(last, next)).toBe(due)
  })
})
