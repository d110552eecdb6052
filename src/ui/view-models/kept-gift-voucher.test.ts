import { describe, expect, it } from 'vitest'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import { KEPT_GIFT_VOUCHER_KEY, KeptGiftVoucher } from './kept-gift-voucher'

const voucher = { value: 50, receiver: { name: 'Bob Lee', email: 'bob@example.com', message: 'Happy birthday' } }
const payment = { paymentUrl: '/pay/t1', transactionId: 't1', invoiceId: 'i1', amount: 50 }

describe('KeptGiftVoucher (the voucher and its payment begun, kept in the tab)', () => {
  it('gives the voucher and its payment back for the same clinic only', () => {
    const tab = new MemoryStorage()
    new KeptGiftVoucher(tab).keepPayment('c1', voucher, payment)
    const kept = new KeptGiftVoucher(tab)
    expect(kept.of('c1')).toEqual(voucher)
    expect(kept.paymentOf('c1')).toEqual(payment)
    expect(kept.of('c2')).toBeUndefined()
    expect(kept.paymentOf('c2')).toBeUndefined()
  })

  it('keeps the payment when the same voucher is kept again, not for another voucher', () => {
    const tab = new MemoryStorage()
    const kept = new KeptGiftVoucher(tab)
    kept.keepPayment('c1', voucher, payment)
    kept.keep('c1', { ...voucher, receiver: { ...voucher.receiver } })
    expect(kept.paymentOf('c1')).toEqual(payment)
    kept.keep('c1', { ...voucher, value: 100 })
    expect(kept.paymentOf('c1')).toBeUndefined()
    expect(kept.of('c1')).toEqual({ ...voucher, value: 100 })
  })

  it('dropPayment keeps the voucher; clear keeps nothing', () => {
    const tab = new MemoryStorage()
    const kept = new KeptGiftVoucher(tab)
    kept.keepPayment('c1', voucher, payment)
    kept.dropPayment()
    expect(kept.of('c1')).toEqual(voucher)
    expect(kept.paymentOf('c1')).toBeUndefined()
    kept.clear()
    expect(kept.of('c1')).toBeUndefined()
  })

  it.each([
    ['arrives with a voucher chosen: kept', voucher, true, false, undefined, voucher],
    ["another step's URL: forgotten", undefined, false, false, undefined, undefined],
    ['a confirm URL that cannot confirm without it: given back', undefined, true, true, voucher, voucher],
    ['a confirm URL that can (a booking): left alone', undefined, true, false, undefined, voucher],
  ] as const)('a step URL %s', (_name, chosen, confirmUrl, restorable, returned, keptAfter) => {
    const tab = new MemoryStorage()
    const kept = new KeptGiftVoucher(tab)
    if (!chosen) kept.keep('c1', voucher)
    expect(kept.arrived('c1', chosen, confirmUrl, restorable)).toEqual(returned)
    expect(kept.of('c1')).toEqual(keptAfter)
  })

  it('a kept value of another shape (a bad payment, a voucher without a value) reads as nothing kept', () => {
    const tab = new MemoryStorage()
    tab.setItem(KEPT_GIFT_VOUCHER_KEY, JSON.stringify({ clinic: 'c1', voucher, payment: { paymentUrl: 1 } }))
    expect(new KeptGiftVoucher(tab).of('c1')).toBeUndefined()
    tab.setItem(KEPT_GIFT_VOUCHER_KEY, JSON.stringify({ clinic: 'c1', voucher: { receiver: voucher.receiver } }))
    expect(new KeptGiftVoucher(tab).of('c1')).toBeUndefined()
  })
})
