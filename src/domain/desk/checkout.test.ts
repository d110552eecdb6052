import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { balanceOf, chargeable, CHARGEABLE_STATUSES, CHECKOUT_MESSAGES, checkoutLines, checkoutOffered, deskCheckout, depositRefund, depositRefundRefusalText, checkPayments, paymentsRefusalText, sum, taxRateOf, type PaymentPart, type PaymentsRefusal } from './checkout'

describe('balanceOf', () => {
  it.each([
    [80, 16, 64],
    [80, 0, 80],
    [80, 80, 0],
    [80, 100, 0],
    [0.3, 0.1, 0.2],
  ])('price %d less %d paid is %d', (price, paid, balance) => expect(balanceOf(price, paid)).toBe(balance))
})

describe('checkPayments', () => {
  const cash = (amount: number): PaymentPart => ({ method: 'cash', amount })
  it.each([
    ['one payment of the balance', 64, [cash(64)], 'ok'],
    ['split across methods', 64, [{ method: 'voucher', amount: 50 } as PaymentPart, { method: 'terminal', amount: 14 } as PaymentPart], 'ok'],
    ['cents add up exactly', 0.3, [cash(0.1), cash(0.2)], 'ok'],
    ['nothing due', 0, [cash(10)], 'NothingDue'],
    ['no payment', 64, [], 'NoPayments'],
    ['a zero payment', 64, [cash(64), cash(0)], 'NotPositive'],
    ['short', 64, [cash(60)], 'Short'],
    ['over', 64, [cash(70)], 'Over'],
    ['split, a cent short', 64, [cash(30), { method: 'card', amount: 33.99 } as PaymentPart], 'Short'],
    ['split, a cent over', 64, [cash(30), { method: 'voucher', amount: 34.01 } as PaymentPart], 'Over'],
  ])('%s', (_, balance, parts, expected) => {
    const result = checkPayments(balance as number, parts as PaymentPart[])
    expect(E.isRight(result) ? 'ok' : result.left._tag).toBe(expected)
  })
})

describe('paymentsRefusalText', () => {
  const pounds = (n: number) => `£${n.toFixed(2)}`
  it.each<[PaymentsRefusal, string]>([
    [{ _tag: 'Short', paid: 60, due: 64 }, 'The payments add up to £60.00: £4.00 short of the balance of £64.00.'],
    [{ _tag: 'Over', paid: 70.1, due: 64 }, 'The payments add up to £70.10: £6.10 more than the balance of £64.00.'],
    [{ _tag: 'Short', paid: 0.1, due: 0.3 }, 'The payments add up to £0.10: £0.20 short of the balance of £0.30.'],
    [{ _tag: 'NoPayments' }, 'Add at least one payment.'],
    [{ _tag: 'NotPositive' }, 'Each payment must be more than 0.'],
    [{ _tag: 'NothingDue' }, 'Nothing is due on this appointment.'],
  ])('%j reads %s', (refusal, text) => expect(paymentsRefusalText(refusal, pounds)).toBe(text))
})

describe('checkoutLines', () => {
  const a = { id: 'a1', serviceName: 'Anti-wrinkle', clinicId: 'c1', grossPrice: 120, netPrice: 100, taxValue: 20 }
  const b = { id: 'a2', serviceName: 'Lip filler', clinicId: 'c1', grossPrice: 80, netPrice: 80, taxValue: 0 }

  it('has a Service line per appointment and takes the deposit off: the lines add up to the balance', () => {
    const lines = checkoutLines([a, b], 30, 'Deposit paid (OB-1)')
    expect(lines.map((l) => [l.type, l.name, l.finalPrice, l.tax])).toEqual([
      ['Service', 'Anti-wrinkle', 120, 20],
      ['Service', 'Lip filler', 80, 0],
      ['Account', 'Deposit paid (OB-1)', -30, 0],
    ])
    expect(sum(lines.map((l) => l.finalPrice))).toBe(balanceOf(200, 30))
  })

  it('has no deposit line without a deposit', () => {
    expect(checkoutLines([a], 0, 'x').map((l) => l.type)).toEqual(['Service'])
  })

  it('derives the whole-percent tax rate', () => {
    expect(taxRateOf(100, 20)).toBe(20)
    expect(taxRateOf(0, 0)).toBe(0)
  })
})

describe('depositRefund', () => {
  it.each([
    ['a paid deposit before checkout: refundable', 70, false, E.right(70)],
    ['nothing paid: refused, no deposit', 0, false, E.left({ _tag: 'NoDeposit' })],
    ['checked out: refused, the checkout took the deposit off the bill', 70, true, E.left({ _tag: 'CheckedOut' })],
  ])('%s', (_, paid, checkedOut, expected) => {
    expect(depositRefund(paid, checkedOut)).toEqual(expected)
  })

  it('names the refusal the desk sees', () => {
    expect(depositRefundRefusalText({ _tag: 'CheckedOut' })).toBe(CHECKOUT_MESSAGES.checkedOut)
    expect(depositRefundRefusalText({ _tag: 'NoDeposit' })).toBe(CHECKOUT_MESSAGES.noDeposit)
  })
})

describe('checkoutOffered and deskCheckout: the one rule of the day view, the week view and the server', () => {
  it.each([
    ['Scheduled', 80, true],
    ['Running late', 80, true],
    ['Completed', 64, true],
    ['Incomplete', 0.01, true],
    ['No show', 80, true],
    // Paid in full (online, or checked out already): nothing left for a checkout to take.
    ['Scheduled', 0, false],
    ['Completed', 0, false],
    ['No show', 0, false],
    ['Pending', 80, false],
    ['Cancelled', 80, false],
    ['Deleted', 0, false],
  ])('%s, %d due: offered %s', (status, due, offered) => expect(checkoutOffered({ status, due })).toBe(offered))

  it.each([
    ['Scheduled', 80, { _tag: 'Due', amount: 80 }],
    ['Scheduled', 0.1 + 0.2, { _tag: 'Due', amount: 0.3 }],
    ['Scheduled', 0, { _tag: 'Paid' }],
    ['Completed', 0, { _tag: 'Paid' }],
    ['Pending', 0, { _tag: 'NotChargeable' }],
    ['Pending', 80, { _tag: 'NotChargeable' }],
    ['Cancelled', 0, { _tag: 'NotChargeable' }],
  ])('%s, %d due: %o', (status, due, expected) => expect(deskCheckout({ status, due })).toEqual(expected))

  it('offers a checkout exactly when the desk shows an amount due', () => {
    for (const status of [...CHARGEABLE_STATUSES, 'Pending', 'Cancelled'])
      for (const due of [0, 0.01, 80]) expect(checkoutOffered({ status, due })).toBe(deskCheckout({ status, due })._tag === 'Due')
  })

  it.each([
    ['Scheduled', true],
    ['No show', true],
    ['Pending', false],
    ['Cancelled', false],
  ])('%s is chargeable: %s', (status, expected) => expect(chargeable(status)).toBe(expected))
})
