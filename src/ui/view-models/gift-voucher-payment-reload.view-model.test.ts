// A gift voucher's payment step shares its confirm URL (/step/{clinic}/confirm, naming no voucher): a
// reload there comes back to the same payment (KeptGiftVoucher keeps it with the voucher), not to confirm.
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { paymentCheck } from './booking.test-support'
import { tabPage as page } from './payment-reload.test-support'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import type { RouteState } from './booking.view-model'

const voucher = { value: 50, receiver: { name: 'Bob Lee', email: 'bob@example.com', message: 'Happy birthday' } }
const listUrl: RouteState = { locationId: 'c1', query: {} }
const confirmUrl: RouteState = { locationId: 'c1', confirm: true, query: {} }

/** A voucher chosen, its terms agreed: on its payment step. */
async function onPayment(tab: MemoryStorage) {
  const first = page(tab)
  await first.open(listUrl)
  first.booking.addGiftVoucher(voucher)
  await first.open(confirmUrl)
  first.confirm.onTermsScroll(400, 200, 600)
  await first.confirm.agree()
  expect(first.booking.view.step).toBe('payment')
  return first
}

describe('a gift voucher reloaded on its payment step', () => {
  it('comes back to the same payment with its voucher, and is paid there', async () => {
    const tab = new MemoryStorage()
    await onPayment(tab)

    const reloaded = page(tab, { CheckPayment: async () => E.right(paymentCheck(true)) })
    await reloaded.open(confirmUrl)
    expect(reloaded.booking.view.step).toBe('payment')
    expect(reloaded.booking.view.giftVouchers).toEqual([voucher])
    expect(reloaded.payment.session).toMatchObject({ kind: 'giftVoucher', paymentUrl: '/pay/t1', transactionId: 't1', invoiceId: 'i1' })
    expect(reloaded.useCases.calls.ConfirmBooking).toBeUndefined()
    expect(reloaded.navigator.paths).toEqual(['/step/c1/confirm'])
    await reloaded.payment.poll()
    expect(reloaded.payment.paid).toBe(true)

    // Paid: a later reload of that URL has no payment to come back to (the voucher's confirm shows).
    const again = page(tab)
    await again.open(confirmUrl)
    expect(again.booking.view.step).toBe('confirm')
    expect(again.payment.session).toBeUndefined()
  })

  it("'Start again' gives the payment up: nothing to come back to", async () => {
    const tab = new MemoryStorage()
    const first = await onPayment(tab)
    first.payment.startAgain()
    const reloaded = page(tab)
    await reloaded.open(confirmUrl)
    expect(reloaded.payment.session).toBeUndefined()
    expect(reloaded.booking.view.step).not.toBe('payment')
  })

  it('a reload on confirm before agreeing stays on confirm, with no payment', async () => {
    const tab = new MemoryStorage()
    const first = page(tab)
    await first.open(listUrl)
    first.booking.addGiftVoucher(voucher)
    await first.open(confirmUrl)
    const reloaded = page(tab)
    await reloaded.open(confirmUrl)
    expect(reloaded.booking.view.step).toBe('confirm')
    expect(reloaded.payment.session).toBeUndefined()
  })
})
