import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { LoadCardProcessor } from '../../application/use-cases/cards.use-case'
import { PayWithCardToken } from '../../application/use-cases/payments.use-case'
import type { Seller } from '../../contract/cards.routes'
import { PaymentViewModel } from './payment.view-model'
import type { Exec } from './app-services'


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

  constructor(
    @inject(LoadCardProcessor) private readonly loadProcessor: Exec<LoadCardProcessor>,
    @inject(PayWithCardToken) private readonly payWithToken: Exec<PayWithCardToken>,
    @inject(PaymentViewModel) private readonly payment: PaymentViewModel,
  ) {
    makeAutoObservable<CardPaymentViewModel, 'loadProcessor' | 'payWithToken' | 'payment'>(this, { loadProcessor: false, payWithToken: false, payment: false })
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

  async load(): Promise<void> {
    if (this.processor) return
    const result = await this.loadProcessor.execute()
    runInAction(() => {
      if (E.isLeft(result)) this.loadError = result.left.message
      else this.processor = result.right
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
