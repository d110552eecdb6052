import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { paymentCheck, refused, world } from './booking.test-support'
import { CardPaymentViewModel } from './card-payment.view-model'
import { PaymentViewModel } from './payment.view-model'
import { stripeCardErrorText } from '../../application/errors'

function cardWorld(options: { paid?: boolean; tokenRefused?: string } = {}) {
  const w = world({ CheckPayment: async () => E.right(paymentCheck(options.paid ?? true)) })
  const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock)
  const tokens: unknown[] = []
  const payWithToken = {
    execute: async (input: unknown) => {
      tokens.push(input)
      return options.tokenRefused ? E.left(refused(options.tokenRefused)) : E.right({ paymentUrl: '/pay/square/t1', transactionId: 't1' })
    },
  }
  const seller = { execute: async () => E.right({ provider: 'square', applicationId: 'sandbox-sq0idb-app', locationId: 'L1', tokenizerUrl: 'https://sandbox.web.squarecdn.com/v1/square.js' }) }
  const noSecret = { execute: async () => E.right(undefined) }
  const vm = new CardPaymentViewModel(seller, payWithToken, payment, noSecret)
  return { ...w, payment, vm, tokens }
}

describe('the payment step with a processor card form', () => {
  it('shows the processor card form for /pay/stripe/ and /pay/square/ payments, the iframe otherwise', () => {
    const { payment } = cardWorld()
    payment.start({ kind: 'deposit', paymentUrl: '/pay/stripe/pi_1', transactionId: 'pi_1', clientSecret: 'pi_1_secret_x' })
    expect(payment.cardForm).toBe('stripe')
    payment.start({ kind: 'deposit', paymentUrl: '/pay/square/t1', transactionId: 't1' })
    expect(payment.cardForm).toBe('square')
    payment.start({ kind: 'deposit', paymentUrl: '/sandbox/pay/t2', transactionId: 't2' })
    expect(payment.cardForm).toBeUndefined()
  })

  it('a Square nonce pays the invoice, then the payment is checked at once and the thank-you page follows', async () => {
    const { payment, vm, tokens, useCases } = cardWorld()
    payment.start({ kind: 'deposit', paymentUrl: '/pay/square/t1', transactionId: 't1', invoiceId: 'i1', amount: 19.99 })
    await vm.load()
    expect(vm.processor?.provider).toBe('square')
    await vm.payWith('cnon:card-nonce-ok')
    expect(tokens).toEqual([{ invoiceId: 'i1', amount: 19.99, token: 'cnon:card-nonce-ok' }])
    expect(useCases.calls.CheckPayment).toEqual([['t1']])
    expect(payment.paid).toBe(true)
    expect(vm.submitting).toBe(false)
  })

  it('a refused card keeps the form with the spec text and checks nothing', async () => {
    const { payment, vm, useCases } = cardWorld({ tokenRefused: 'CVV is not correct.' })
    payment.start({ kind: 'deposit', paymentUrl: '/pay/square/t1', transactionId: 't1', invoiceId: 'i1', amount: 20 })
    await vm.payWith('cnon:card-nonce-rejected-cvv')
    expect(vm.error).toBe('CVV is not correct.')
    expect(vm.submitting).toBe(false)
    expect(useCases.calls.CheckPayment ?? []).toEqual([])
    expect(payment.paid).toBe(false)
  })

  it("maps Stripe.js errors to the spec's card texts", () => {
    expect(stripeCardErrorText({ code: 'card_declined', decline_code: 'incorrect_cvc' })).toBe('CVV is not correct.')
    expect(stripeCardErrorText({ code: 'expired_card', decline_code: 'expired_card' })).toBe('Expiry date is not correct.')
    expect(stripeCardErrorText({ code: 'incomplete_number' })).toBe('Card number is not correct.')
    expect(stripeCardErrorText({ code: 'incorrect_zip' })).toBe('Postal code is not correct.')
    expect(stripeCardErrorText({ code: 'card_declined', decline_code: 'insufficient_funds' })).toBe('Unhandled request.')
  })
})
