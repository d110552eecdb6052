import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { ForgotPassword, ResetPassword } from '../../application/use-cases/auth.use-case'
import { validateForgotPasswordEmail } from '../../domain/validation/forgot-password'
import { PASSWORD_HINT, validateResetPassword, type NewPasswordField } from '../../domain/validation/password'
import { NAVIGATOR, type Navigator, type Exec } from './app-services'
import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'
import { SessionWatchViewModel } from './session-watch.view-model'


export const RESET_PASSWORD_TITLE = 'Reset Password Request'
export { PASSWORD_HINT }

export type ResetMode = 'request' | 'reset'

/**
 * The password reset screen (spec sections 2 'Password reset screen', 4 and 5): request mode (one
 * email field, neutral result) and reset mode (new password and confirmation, with the emailed
 * token); success opens a dialog whose 'Continue' returns home. A reset stores the new token and
 * clears the booking info.
 */
@injectable()
export class ForgotPasswordViewModel {
  mode: ResetMode = 'request'
  token?: string = undefined
  email = ''
  emailError?: string = undefined
  newPassword = ''
  confirmPassword = ''
  errors: Partial<Record<NewPasswordField, string>> = {}
  /** a 400's server message (red) */
  error?: string = undefined
  /** the success dialog's text */
  done?: string = undefined
  submitting = false

  constructor(
    @inject(ForgotPassword) private readonly forgotPassword: Exec<ForgotPassword>,
    @inject(ResetPassword) private readonly resetPassword: Exec<ResetPassword>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(SessionWatchViewModel) private readonly sessionWatch: SessionWatchViewModel,
  ) {
    makeAutoObservable<ForgotPasswordViewModel, 'forgotPassword' | 'resetPassword' | 'session' | 'booking' | 'navigator' | 'sessionWatch'>(this, {
      forgotPassword: false, resetPassword: false, session: false, booking: false, navigator: false, sessionWatch: false,
    })
  }

  /** Reset mode with 'reset-password' in the path and a token; request mode otherwise. */
  enter(pathname: string, token: string | undefined): void {
    this.mode = pathname.includes('reset-password') && token ? 'reset' : 'request'
    this.token = this.mode === 'reset' ? token : undefined
    this.email = ''
    this.emailError = undefined
    this.newPassword = ''
    this.confirmPassword = ''
    this.errors = {}
    this.error = undefined
    this.done = undefined
    this.submitting = false
  }

  setEmail(value: string): void {
    this.email = value
    this.emailError = undefined
    this.error = undefined
  }

  setNew(value: string): void {
    this.newPassword = value
    this.errors = { ...this.errors, newPassword: undefined }
  }

  setConfirm(value: string): void {
    this.confirmPassword = value
    this.errors = { ...this.errors, confirmPassword: undefined }
  }

  async submit(): Promise<void> {
    if (this.submitting) return
    if (this.mode === 'request') await this.request()
    else await this.reset()
  }

  private async request(): Promise<void> {
    const email = validateForgotPasswordEmail(this.email)
    if (E.isLeft(email)) {
      this.emailError = email.left
      return
    }
    this.submitting = true
    this.error = undefined
    const result = await this.forgotPassword.execute({ email: email.right })
    runInAction(() => {
      this.submitting = false
      if (E.isLeft(result)) this.error = result.left.message
      else this.done = result.right
    })
  }

  private async reset(): Promise<void> {
    const valid = validateResetPassword({ newPassword: this.newPassword, confirmPassword: this.confirmPassword })
    if (E.isLeft(valid)) {
      this.errors = valid.left
      return
    }
    if (!this.token) return
    this.errors = {}
    this.submitting = true
    this.error = undefined
    // The server ends every session of the customer ('logout-customer'): this tab keeps the new token.
    const resume = this.sessionWatch.suspend()
    const result = await this.resetPassword.execute({ token: this.token, newPassword: valid.right })
    if (E.isLeft(result)) {
      resume()
      runInAction(() => {
        this.submitting = false
        this.error = result.left.message
      })
      return
    }
    this.booking.clearBookingInfo()
    await this.session.start()
    resume()
    runInAction(() => {
      this.submitting = false
      this.done = result.right || 'Your password has been changed.'
    })
  }

  /** The dialog's 'Continue': home. */
  continue(): void {
    this.done = undefined
    this.navigator.go('/')
  }
}
