// Stripe's card form of a payment shown without its client secret: the payment step opened in another
// tab (the booking's payment is in localStorage, the secret in the first tab's session storage only),
// or a tab the browser restored without its session storage. The same payment's secret comes from the
// server again (GetOpenPaymentSecret); no payment is begun; when it cannot, the text says why and what to do.
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { paymentCheck, world } from './booking.test-support'
import { CardPaymentViewModel } from './card-payment.view-model'
import { PaymentViewModel, type PaymentSessionView } from './payment.view-model'
import { MemoryStorage } from '../../adapters/storage/in-memory.adapter'
import { TEXT } from '../../application/errors'
import type { AppError } from '../../application/failure'

type Answer = E.Either<AppError, string | undefined>
const stripe = { provider: 'stripe', applicationId: 'pk_test_1', locationId: '' }
/** What the second tab shows: the deposit's payment as localStorage keeps it, without the secret. */
const shownAgain: PaymentSessionView = { kind: 'deposit', paymentUrl: '/pay/stripe/pi_1', transactionId: 'pi_1', invoiceId: 'i1', appointmentId: 'a1', amount: 20 }
const unreachable: Answer = E.left({ _tag: 'Unreachable', message: TEXT.unreachable })

function secondTab(answers: Answer[], options: { paid?: boolean; provider?: object } = {}) {
  const w = world({ CheckPayment: async () => E.right(paymentCheck(options.paid ?? false)) })
  const tab = new MemoryStorage()
  const payment = new PaymentViewModel(w.useCases.CheckPayment, w.useCases.VerifyCourseAssignment, w.useCases.DeletePendingAppointment, w.booking, w.navigator, w.clock, tab)
  const asked: unknown[][] = []
  const secrets = {
    execute: async (...args: [string, string]) => {
      asked.push(args)
      return answers.shift() ?? E.right(undefined)
    },
  }
  const begun: unknown[] = []
  const payWithToken = { execute: async (input: unknown) => (begun.push(input), E.right({ paymentUrl: '', transactionId: '' })) }
  const seller = { execute: async () => E.right(options.provider ?? stripe) }
  const vm = new CardPaymentViewModel(seller as never, payWithToken, payment, secrets)
  return { ...w, tab, payment, vm, asked, begun }
}

describe('a Stripe payment shown without its client secret (another tab)', () => {
  it("gets the same payment's secret from the server: the card form shows, nothing is begun, and a reload of this tab keeps it", async () => {
    const t = secondTab([E.right('pi_1_secret_abc')])
    t.payment.start(shownAgain)
    expect(t.vm.clientSecret).toBeUndefined()
    await t.vm.load()
    expect(t.asked).toEqual([['i1', 'pi_1']])
    expect(t.vm.clientSecret).toBe('pi_1_secret_abc')
    expect(t.vm.secretProblem).toBeUndefined()
    expect(t.vm.secretLookup).toEqual({ _tag: 'Idle' })
    expect(t.begun).toEqual([])
    // The same payment, on screen as it was (its polling, its countdown) with the secret added.
    expect(t.payment.session).toMatchObject({ ...shownAgain, clientSecret: 'pi_1_secret_abc' })

    const reloaded = new PaymentViewModel(t.useCases.CheckPayment, t.useCases.VerifyCourseAssignment, t.useCases.DeletePendingAppointment, t.booking, t.navigator, t.clock, t.tab)
    reloaded.start(shownAgain)
    expect(reloaded.session?.clientSecret).toBe('pi_1_secret_abc')
  })

  it('asks nothing when the payment has its secret, or for a Square payment (its card form needs none)', async () => {
    const withSecret = secondTab([])
    withSecret.payment.start({ ...shownAgain, clientSecret: 'pi_1_secret_abc' })
    await withSecret.vm.load()
    expect(withSecret.asked).toEqual([])

    const square = secondTab([], { provider: { provider: 'square', applicationId: 'sq0', locationId: 'L1', tokenizerUrl: 'https://sq/square.js' } })
    square.payment.start({ ...shownAgain, paymentUrl: '/pay/square/t1', transactionId: 't1' })
    await square.vm.load()
    expect(square.asked).toEqual([])
  })

  it.each([
    ['the server could not be asked: try again', [unreachable], false, { text: TEXT.cardFormNotLoaded, canRetry: true }, false],
    ['no open payment of it and not paid: start again', [E.right(undefined)], false, { text: TEXT.paymentNotOpen, canRetry: false }, false],
    ['no open payment of it because it was paid (in the other tab): the thank-you page, no text', [E.right(undefined)], true, undefined, true],
  ] as const)('%s', async (_name, answers, paid, problem, thanked) => {
    const t = secondTab([...answers], { paid })
    t.payment.start(shownAgain)
    await t.vm.load()
    expect(t.vm.secretProblem).toEqual(problem)
    expect(t.vm.clientSecret).toBeUndefined()
    expect(t.payment.paid).toBe(paid)
    expect(t.begun).toEqual([])
    t.clock.advance(3000)
    expect(t.navigator.paths.some((p) => p.startsWith('/location?serviceBooking=true'))).toBe(thanked)
    // Never the processor's not-connected text: the processor is there.
    expect(t.vm.loadError).toBeUndefined()
  })

  it("'Try again' after a failed ask gets the secret", async () => {
    const t = secondTab([unreachable, E.right('pi_1_secret_abc')])
    t.payment.start(shownAgain)
    await t.vm.load()
    expect(t.vm.secretProblem?.canRetry).toBe(true)
    await t.vm.findSecret()
    expect(t.vm.secretProblem).toBeUndefined()
    expect(t.vm.clientSecret).toBe('pi_1_secret_abc')
    expect(t.asked).toEqual([['i1', 'pi_1'], ['i1', 'pi_1']])
  })

  it('an answer for a payment no longer on screen changes nothing', async () => {
    let answer: (a: Answer) => void = () => undefined
    const t = secondTab([])
    const late = new Promise<Answer>((resolve) => (answer = resolve))
    const vm = new CardPaymentViewModel({ execute: async () => E.right(stripe) } as never, { execute: async () => E.right({ paymentUrl: '', transactionId: '' }) }, t.payment, { execute: () => late })
    t.payment.start(shownAgain)
    const loading = vm.load()
    await Promise.resolve()
    t.payment.start({ ...shownAgain, paymentUrl: '/pay/stripe/pi_2', transactionId: 'pi_2', clientSecret: 'pi_2_secret_x' })
    answer(E.right('pi_1_secret_abc'))
    await loading
    expect(t.payment.session?.transactionId).toBe('pi_2')
    expect(vm.clientSecret).toBe('pi_2_secret_x')
    expect(vm.secretProblem).toBeUndefined()
  })

  it('a payment without its invoice cannot be asked for: start again', async () => {
    const t = secondTab([])
    const { invoiceId: _none, ...withoutInvoice } = shownAgain
    t.payment.start(withoutInvoice)
    await t.vm.load()
    expect(t.asked).toEqual([])
    expect(t.vm.secretProblem).toEqual({ text: TEXT.paymentNotOpen, canRetry: false })
  })
})
