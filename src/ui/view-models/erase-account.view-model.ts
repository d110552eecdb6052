import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { EraseMyAccount } from '../../application/use-cases/auth.use-case'
import { NAVIGATOR, type Exec, type Navigator } from './app-services'
import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'
import { SessionWatchViewModel } from './session-watch.view-model'
import { ToastViewModel } from './toast.view-model'

export const ERASE_TITLE = 'Erase my account'
export const ERASE_TEXT =
  'Deletes your details, signed forms, saved cards and messages, and cancels your future appointments. Invoices and payments are kept without your name, as the law requires for accounting records. This cannot be undone.'
export const ERASE_DIALOG_TITLE = 'Erase your account?'
export const ERASE_PASSWORD_LABEL = 'Your password, to confirm'
export const ERASE_CONFIRM = 'Erase my account'
export const ERASE_KEEP = 'Keep my account'
export const ERASE_PASSWORD_EMPTY = 'Enter your password to confirm.'
export const ERASED_TOAST = 'Your account has been erased.'

/**
 * The customer area's 'Erase my account' (issue 30, the right to erasure): an alertdialog asks for the
 * password; once erased the session ends here as at logout (the live socket is suspended first, so
 * the server's 'logout-customer' does not end it twice) and the customer goes home.
 */
@injectable()
export class EraseAccountViewModel {
  isOpen = false
  password = ''
  error?: string = undefined
  busy = false

  constructor(
    @inject(EraseMyAccount) private readonly erase: Exec<EraseMyAccount>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(SessionWatchViewModel) private readonly sessionWatch: Pick<SessionWatchViewModel, 'suspend'>,
    @inject(BookingViewModel) private readonly booking: Pick<BookingViewModel, 'clearBookingInfo'>,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
  ) {
    makeAutoObservable<EraseAccountViewModel, 'erase' | 'session' | 'sessionWatch' | 'booking' | 'navigator' | 'toasts'>(this, {
      erase: false, session: false, sessionWatch: false, booking: false, navigator: false, toasts: false,
    })
  }

  open(): void {
    this.isOpen = true
    this.password = ''
    this.error = undefined
  }

  close(): void {
    if (this.busy) return
    this.isOpen = false
    this.password = ''
    this.error = undefined
  }

  setPassword(value: string): void {
    this.password = value
    this.error = undefined
  }

  async confirm(): Promise<void> {
    if (this.busy) return
    if (this.password === '') {
      this.error = ERASE_PASSWORD_EMPTY
      return
    }
    this.busy = true
    const resume = this.sessionWatch.suspend()
    const result = await this.erase.execute(this.password)
    if (E.isLeft(result)) {
      resume()
      runInAction(() => {
        this.busy = false
        this.error = result.left.message
      })
      return
    }
    runInAction(() => {
      this.busy = false
      this.isOpen = false
      this.password = ''
    })
    this.session.logout()
    this.booking.clearBookingInfo()
    // Resumed after the logout: with no customer signed in, the watch opens no socket.
    resume()
    this.toasts.show(ERASED_TOAST, 'success')
    this.navigator.go('/', { replace: true })
  }
}
