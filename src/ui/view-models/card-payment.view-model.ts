import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { LoadCardProcessor } from '../../application/use-cases/cards.use-case'
import { GetOpenPaymentSecret, PayWithCardToken } from '../../application/use-cases/payments.use-case'
import type { Seller } from '../../contract/cards.routes'
import { TEXT } from '../../application/errors'
import { PaymentViewModel } from './payment.view-model'
import type { Exec } from './app-services'

/**
 * Stripe's card form needs its PaymentIntent's client secret. A payment shown without it (the payment
 * step opened in another tab, or a tab restored without its session storage) asks the server for the
 * same payment's again: Asking, then the secret (back to Idle), or Failed (the server could not be
 * asked: try again) or Closed (the server has no open payment of it, and it is not paid).
 */
export type SecretLookup =
  | { _tag: 'Idle' }
  | { _tag: 'Asking'; transactionId: string }
  | { _tag: 'Failed'; transactionId: string }
  | { _tag: 'Closed'; transactionId: string }

/** Why the card form cannot be shown, and whether asking again may help. */
export interface CardFormProblem {
  text: string
  canRetry: boolean
}

/**
 * The processor's own card form on the payment step (Stripe's Payment Element, Square's card form),
 * in place of the framed sandbox page. The form talks to the processor's browser SDK; this view model
 * knows what the SDK needs and hands the outcome back to the payment step's flow (PaymentViewModel:
 * status check, 3 s, thank-you page).
 */
@injectable()
export class CardPaymentViewModel {
  processor?: Seller = undefined
  /** the processor could not be reached or named ('There was an issue connecting ...') */
  loadError?: string = undefined
  /** the spec's card error text of the last refused attempt */
  error?: string = undefined
  submitting = false
  secretLookup: SecretLookup = { _tag: 'Idle' }

  constructor(
    @inject(LoadCardProcessor) private readonly loadProcessor: Exec<LoadCardProcessor>,
    @inject(PayWithCardToken) private readonly payWithToken: Exec<PayWithCardToken>,
    @inject(PaymentViewModel) private readonly payment: PaymentViewModel,
    @inject(GetOpenPaymentSecret) private readonly openPaymentSecret: Exec<GetOpenPaymentSecret>,
  ) {
    makeAutoObservable<CardPaymentViewModel, 'loadProcessor' | 'payWithToken' | 'payment' | 'openPaymentSecret'>(this, {
      loadProcessor: false, payWithToken: false, payment: false, openPaymentSecret: false,
    })
  }

  get clientSecret(): string | undefined {
    return this.payment.session?.clientSecret
  }

  get transactionId(): string | undefined {
    return this.payment.session?.transactionId
  }

  /** Where Stripe sends the customer back after a bank's check (3-D Secure) away from the page. */
  get returnPath(): string {
    return this.payment.thankYouPath
  }

  /** Stripe's card form of this payment cannot be shown (its secret could not be had again): what happened and what to do. */
  get secretProblem(): CardFormProblem | undefined {
    const lookup = this.secretLookup
    if (lookup._tag === 'Idle' || lookup._tag === 'Asking' || lookup.transactionId !== this.transactionId || this.clientSecret) return undefined
    return lookup._tag === 'Failed' ? { text: TEXT.cardFormNotLoaded, canRetry: true } : { text: TEXT.paymentNotOpen, canRetry: false }
  }

  /** The processor, then (Stripe) the payment's client secret when the payment came without it. */
  async load(): Promise<void> {
    if (!this.processor) {
      const result = await this.loadProcessor.execute()
      runInAction(() => {
        if (E.isLeft(result)) this.loadError = result.left.message
        else this.processor = result.right
      })
    }
    if (this.processor?.provider === 'stripe') await this.findSecret()
  }

  /**
   * The payment on screen without its client secret: the server's for the same payment (never a new
   * one). None there: the payment is checked at once (paid in the other tab: the thank-you page);
   * otherwise it is closed. An answer for a payment no longer on screen changes nothing.
   */
  async findSecret(): Promise<void> {
    const session = this.payment.session
    if (!session || session.clientSecret || this.payment.paid) return
    const { transactionId, invoiceId } = session
    const lookup = this.secretLookup
    if (lookup._tag === 'Asking' && lookup.transactionId === transactionId) return
    if (!invoiceId) {
      this.secretLookup = { _tag: 'Closed', transactionId }
      return
    }
    this.secretLookup = { _tag: 'Asking', transactionId }
    const found = await this.openPaymentSecret.execute(invoiceId, transactionId)
    if (E.isRight(found) && found.right) this.payment.cardSecretFound(transactionId, found.right)
    else if (E.isRight(found)) await this.payment.poll()
    runInAction(() => {
      if (this.payment.session?.transactionId !== transactionId) return
      this.secretLookup = E.isLeft(found) ? { _tag: 'Failed', transactionId } : found.right || this.payment.paid ? { _tag: 'Idle' } : { _tag: 'Closed', transactionId }
    })
  }

  setSubmitting(value: boolean): void {
    this.submitting = value
    if (value) this.error = undefined
  }

  /** The card was refused or incomplete: the spec's text, the form stays for another try. */
  refused(message: string): void {
    this.submitting = false
    this.error = message
  }

  /** The processor authorized the card in the browser (Stripe): the payment is checked at once. */
  async authorized(): Promise<void> {
    await this.payment.poll()
    runInAction(() => (this.submitting = false))
  }

  /** A card token from the processor's SDK (Square's nonce): the server charges it, then the payment is checked. */
  async payWith(token: string): Promise<void> {
    const session = this.payment.session
    if (!session?.invoiceId) return
    this.setSubmitting(true)
    const paid = await this.payWithToken.execute({ invoiceId: session.invoiceId, amount: session.amount ?? 0, token })
    if (E.isLeft(paid)) {
      this.refused(paid.left.message)
      return
    }
    await this.authorized()
  }
}
