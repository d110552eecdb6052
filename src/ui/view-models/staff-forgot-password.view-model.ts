import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { ForgotStaffPassword } from '../../application/use-cases/admin.use-case'
import { validateForgotPasswordEmail } from '../../domain/validation/forgot-password'
import type { Exec } from './app-services'


/**
 * 'Forgot password?' of the staff sign-in (/staff/forgot-password): one email field, then the
 * server's neutral answer in place of the form. The mailed link opens the set-password page.
 */
@injectable()
export class StaffForgotPasswordViewModel {
  email = ''
  emailError?: string = undefined
  /** the request failed (rate limit, server or network down): its message, the form stays */
  error?: string = undefined
  /** the neutral answer: shown instead of the form */
  sent?: string = undefined
  submitting = false

  constructor(@inject(ForgotStaffPassword) private readonly forgotPassword: Exec<ForgotStaffPassword>) {
    makeAutoObservable<StaffForgotPasswordViewModel, 'forgotPassword'>(this, { forgotPassword: false })
  }

  /** A fresh form each visit (a singleton: the last visit's answer must not show). */
  enter(): void {
    this.email = ''
    this.emailError = undefined
    this.error = undefined
    this.sent = undefined
    this.submitting = false
  }

  setEmail(value: string): void {
    this.email = value
    this.emailError = undefined
    this.error = undefined
  }

  async submit(): Promise<void> {
    if (this.submitting) return
    const email = validateForgotPasswordEmail(this.email)
    if (E.isLeft(email)) {
      this.emailError = email.left
      return
    }
    this.submitting = true
    this.error = undefined
    const result = await this.forgotPassword.execute(email.right)
    runInAction(() => {
      this.submitting = false
      if (E.isLeft(result)) this.error = result.left.message || 'Something went wrong'
      else this.sent = result.right
    })
  }
}
