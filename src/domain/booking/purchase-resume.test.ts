import { describe, expect, it } from 'vitest'
import { coursesToRebuild, purchaseOfArrival, resumesOpenPayment, type PurchaseArrival, type PurchaseBegun } from './purchase-resume'

const twoCourses: PurchaseBegun<string> = { kind: 'course', clinic: 'c1', courses: ['k1', 'k2'], payment: 'tx1' }
const voucher: PurchaseBegun<string> = { kind: 'giftVoucher', clinic: 'c1', courses: [], payment: 'tx2' }

describe('purchaseOfArrival', () => {
  it.each<[string, PurchaseBegun<string> | undefined, PurchaseArrival, PurchaseBegun<string> | undefined]>([
    ['nothing begun', undefined, { kind: 'course', clinic: 'c1', courseId: 'k1' }, undefined],
    ["the basket's last course (the URL's)", twoCourses, { kind: 'course', clinic: 'c1', courseId: 'k2' }, twoCourses],
    ['another course of the same purchase', twoCourses, { kind: 'course', clinic: 'c1', courseId: 'k1' }, twoCourses],
    ['a course not in it', twoCourses, { kind: 'course', clinic: 'c1', courseId: 'k3' }, undefined],
    ['the same course at another clinic', twoCourses, { kind: 'course', clinic: 'c2', courseId: 'k2' }, undefined],
    ["a gift voucher's URL: not a course's payment", twoCourses, { kind: 'giftVoucher', clinic: 'c1' }, undefined],
    ["a gift voucher's URL at its clinic", voucher, { kind: 'giftVoucher', clinic: 'c1' }, voucher],
    ["a gift voucher's URL at another clinic", voucher, { kind: 'giftVoucher', clinic: 'c2' }, undefined],
    ["a course's URL: not a voucher's payment", voucher, { kind: 'course', clinic: 'c1', courseId: 'k1' }, undefined],
  ])('%s', (_name, begun, arrival, expected) => {
    expect(purchaseOfArrival(begun, arrival)).toBe(expected)
  })
})

describe('coursesToRebuild', () => {
  it.each<[string, PurchaseBegun<string> | undefined, string, readonly string[]]>([
    ['nothing begun: the URL\'s course', undefined, 'k2', ['k2']],
    ['a purchase of several: all of them, in its order', twoCourses, 'k2', ['k1', 'k2']],
    ['a purchase without the URL\'s course: that course alone', twoCourses, 'k3', ['k3']],
    ['a voucher begun: the URL\'s course', voucher, 'k1', ['k1']],
  ])('%s', (_name, begun, courseId, expected) => {
    expect(coursesToRebuild(begun, courseId)).toEqual(expected)
  })
})

describe('resumesOpenPayment', () => {
  it.each([
    ['the same payment open', { hasPaymentIntent: true, transactionId: 'tx1' }, true],
    ['another payment open (begun since)', { hasPaymentIntent: true, transactionId: 'tx9' }, false],
    ['open, unnamed', { hasPaymentIntent: true }, false],
    ['none open (paid, ended)', { hasPaymentIntent: false }, false],
  ])('%s', (_name, state, expected) => {
    expect(resumesOpenPayment('tx1', state)).toBe(expected)
  })
})
