import { makeAutoObservable, runInAction } from 'mobx'
import * as E from 'fp-ts/Either'
import type { PurchaseArrival } from '../../domain/booking/purchase-resume'
import type { PurchaseToResume } from './purchase-elsewhere'
import type { PaymentViewModel } from './payment.view-model'
import type { BookingViewModel } from './booking.view-model'
import type { ToastViewModel } from './toast.view-model'

/**
 * A purchase's confirm URL arrived (its payment step shares it): the payment begun for it, asked of
 * the payment view model (the tab's, else the server's open one). The server not reached: the wizard's
 * failure state, the message with 'Try again' as its other steps show, and nothing rebuilt meanwhile
 * (confirm's 'agree' would begin a second invoice for the same purchase); 'Try again' restores the URL again.
 */
export class PurchaseArrivals {
  /** the failure's message, while one is shown */
  failed?: string = undefined
  private again?: () => Promise<void> = undefined

  constructor(
    private readonly toasts: Pick<ToastViewModel, 'show'>,
    private readonly booking: Pick<BookingViewModel, 'dispatch'>,
    private readonly payment?: Pick<PaymentViewModel, 'purchaseToResume'>,
  ) {
    makeAutoObservable<PurchaseArrivals, 'toasts' | 'booking' | 'payment' | 'again'>(this, { toasts: false, booking: false, payment: false, again: false })
  }

  /** A URL arrived (restored): no failure shown; `again` restores it again. */
  arrived(again: () => Promise<void>): void {
    this.failed = undefined
    this.again = again
  }

  /** The payment to take up, if any; undefined with `failed` set when the server was not reached (unless a newer URL took over). */
  async ask(arrival: PurchaseArrival, stale: () => boolean): Promise<PurchaseToResume | undefined> {
    const asked = (await this.payment?.purchaseToResume(arrival)) ?? E.right(undefined)
    if (E.isRight(asked)) return asked.right
    if (stale()) return undefined
    runInAction(() => {
      this.failed = asked.left.message || 'Something went wrong'
      this.toasts.show(this.failed)
      this.booking.dispatch({ type: 'restoring', restoring: false })
    })
    return undefined
  }

  /** 'Try again': the URL restored again (its payment asked again). */
  async tryAgain(): Promise<void> {
    await this.again?.()
  }
}
