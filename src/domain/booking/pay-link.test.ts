import { describe, expect, it } from 'vitest'
import { PAY_LINK_QUIET_MS, payLinkMessageDue, payLinkText } from './pay-link'
import { SMS_SEGMENT_CAP, smsSegments } from '../policy/sms-segments'

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

describe('payLinkText', () => {
  const start = new Date('2026-12-15T10:00:00Z')
  const stripe = 'https://book.harley-aesthetics.example.com/pay/stripe/pi_3QKx8mLkdF2a1b2c3d4e5f6g'
  it.each([
    ['the fullest wording when it fits', 'Harley Aesthetics', 'https://book.clinic.test/sandbox/pay/txn_a1b2c3', 'Harley Aesthetics: pay the £36.00 deposit within 24 hours to confirm your appointment on 15/12/2026 10:00: https://book.clinic.test/sandbox/pay/txn_a1b2c3'],
    ['a shorter one for a longer link', 'Harley Aesthetics', stripe, `Harley Aesthetics: pay the £36.00 deposit for 15/12/2026 10:00 to confirm it: ${stripe}`],
    ['the shortest for a long name and link', 'The Harley Street Aesthetics and Wellbeing Clinic', stripe, `The Harley Street Aesthetics and Wellbeing Clinic: pay your deposit: ${stripe}`],
  ])('keeps to one segment: %s', (_, organisation, link, text) => {
    const sent = payLinkText({ organisation, amount: '£36.00', start, link })
    expect(sent).toBe(text)
    expect(smsSegments(sent)).toBe(1)
  })

  it('always carries the whole link, in the fewest segments, when no wording fits one', () => {
    const link = `https://pay.example/${'x'.repeat(200)}`
    const sent = payLinkText({ organisation: 'Harley Aesthetics', amount: '£36.00', start, link })
    expect(sent.endsWith(`: ${link}`)).toBe(true)
    expect(smsSegments(sent)).toBe(smsSegments(`Harley Aesthetics: pay your deposit: ${link}`))
  })

  it.each([
    // Look-alikes of GSM characters would make the text Unicode (70 a segment): sent as their GSM twins.
    ['a typographic apostrophe and an en dash', 'Anna’s Beauty – Soho', "Anna's Beauty - Soho: pay the £36.00 deposit within 24 hours to confirm your appointment on 15/12/2026 10:00: https://book.clinic.test/sandbox/pay/txn_a1b2c3"],
  ])('keeps to one segment for a name with %s', (_, organisation, text) => {
    const sent = payLinkText({ organisation, amount: '£36.00', start, link: 'https://book.clinic.test/sandbox/pay/txn_a1b2c3' })
    expect(sent).toBe(text)
    expect(smsSegments(sent)).toBe(1)
  })

  it('reads an accented letter as GSM (ł as l): the fullest wording in one segment, not two Unicode parts', () => {
    const sent = payLinkText({ organisation: 'Gabinet Paweł', amount: '£36.00', start, link: 'https://book.clinic.test/sandbox/pay/txn_a1b2c3' })
    expect(sent).toBe('Gabinet Pawel: pay the £36.00 deposit within 24 hours to confirm your appointment on 15/12/2026 10:00: https://book.clinic.test/sandbox/pay/txn_a1b2c3')
    expect(smsSegments(sent)).toBe(1)
  })

  it('shortens a name too long for the cap, never the link or the fixed words', () => {
    const link = 'https://book.clinic.test/sandbox/pay/txn_a1b2c3'
    const sent = payLinkText({ organisation: `The ${'Very '.repeat(80)}Long Clinic`, amount: '£36.00', start, link })
    expect(sent).toMatch(/^The Very Very .*\.\.\.: pay your deposit: https:\/\/book\.clinic\.test\/sandbox\/pay\/txn_a1b2c3$/)
    expect(smsSegments(sent)).toBe(SMS_SEGMENT_CAP)
  })

  it('leaves the time out when there is none', () => {
    expect(payLinkText({ organisation: 'Harley Aesthetics', amount: '£36.00', link: 'https://x.test/p' })).toBe('Harley Aesthetics: pay the £36.00 deposit within 24 hours to confirm your appointment: https://x.test/p')
  })
})
