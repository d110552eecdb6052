import { describe, expect, it } from 'vitest'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import { KEPT_COURSE_PAYMENT_KEY, KeptCoursePayment } from './kept-course-payment'

const payment = { paymentUrl: '/pay/t1', transactionId: 't1', invoiceId: 'i1', amount: 400 }

describe('KeptCoursePayment (a course purchase\'s payment begun, kept in the tab)', () => {
  it.each([
    ['the same clinic and courses', 'c1', ['k1', 'k2'], payment],
    ['another clinic', 'c2', ['k1', 'k2'], undefined],
    ['fewer courses (one rebuilt from the URL of two bought)', 'c1', ['k1'], undefined],
    ['other courses', 'c1', ['k2', 'k3'], undefined],
    ['no courses', 'c1', [], undefined],
  ])('%s: %o', (_name, clinic, courses, expected) => {
    const tab = new MemoryStorage()
    new KeptCoursePayment(tab).keep('c1', ['k1', 'k2'], payment)
    expect(new KeptCoursePayment(tab).of(clinic, courses)).toEqual(expected)
  })

  it("keeps only what the payment step shows again (a card's client secret is kept apart)", () => {
    const tab = new MemoryStorage()
    new KeptCoursePayment(tab).keep('c1', ['k1'], { ...payment, clientSecret: 'pi_secret' } as typeof payment)
    expect(tab.getItem(KEPT_COURSE_PAYMENT_KEY)).not.toContain('secret')
  })

  it.each([
    ['not JSON', '{'],
    ['no payment', JSON.stringify({ clinic: 'c1', courses: ['k1'] })],
    ['courses not a list of ids', JSON.stringify({ clinic: 'c1', courses: [1], payment })],
    ['an amount that is not a number', JSON.stringify({ clinic: 'c1', courses: ['k1'], payment: { ...payment, amount: '400' } })],
  ])('what is kept in another shape (%s) reads as nothing', (_name, raw) => {
    const tab = new MemoryStorage()
    tab.setItem(KEPT_COURSE_PAYMENT_KEY, raw)
    expect(new KeptCoursePayment(tab).of('c1', ['k1'])).toBeUndefined()
  })

  it('clear keeps nothing', () => {
    const tab = new MemoryStorage()
    const kept = new KeptCoursePayment(tab)
    kept.keep('c1', ['k1'], payment)
    kept.clear()
    expect(kept.of('c1', ['k1'])).toBeUndefined()
  })
})
