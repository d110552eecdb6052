import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { ChangePassword } from '../../application/use-cases/auth.use-case'
import { PASSWORD_HINT, validateChangePassword, type ChangePasswordField } from '../../domain/validation/password'
import { SessionViewModel } from './session.view-model'
import { SessionWatchViewModel } from './session-watch.view-model'
import type { Exec } from './app-services'


export { PASSWORD_HINT }

export interface PasswordResponse {
  text: string
  /** 200: normal colour; 401: red */
  tone: 'normal' | 'error'
}

/**
 * Password tab (spec sections 5 'Change password' and 8): 'New password cannot be empty.', 'New
 * password does not meet requirements.', 'Passwords do not match.'; the response message of a 200
 * in the normal colour, of a 401 in red, any other status silent.
 */
@injectable()
export class PasswordViewModel {
  currentPassword = ''
  newPassword = ''
  confirmPassword = ''
  errors: Partial<Record<ChangePasswordField, string>> = {}
  response?: PasswordResponse = undefined
  submitting = false

  constructor(
    @inject(ChangePassword) private readonly changePassword: Exec<ChangePassword>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(SessionWatchViewModel) private readonly sessionWatch: SessionWatchViewModel,
  ) {
    makeAutoObservable<PasswordViewModel, 'changePassword' | 'session' | 'sessionWatch'>(this, { changePassword: false, session: false, sessionWatch: false })
  }

  /** Enabled whatever is typed (like the other forms): submit shows the field messages. */
  get canSubmit(): boolean {
    return !this.submitting
  }

  setCurrent(value: string): void {
    this.currentPassword = value
    this.errors = { ...this.errors, currentPassword: undefined }
  }

  setNew(value: string): void {
    this.newPassword = value
    this.errors = { ...this.errors, newPassword: undefined }
  }

  setConfirm(value: string): void {
    this.confirmPassword = value
    this.errors = { ...this.errors, confirmPassword: undefined }
  }

  reset(): void {
    this.currentPassword = ''
    this.newPassword = ''
    this.confirmPassword = ''
    this.errors = {}
    this.response = undefined
  }

  async submit(): Promise<void> {
    const user = this.session.user
    if (!user || !this.canSubmit) return
    this.response = undefined
    const valid = validateChangePassword({ currentPassword: this.currentPassword, newPassword: this.newPassword, confirmPassword: this.confirmPassword })
    if (E.isLeft(valid)) {
      this.errors = valid.left
      return
    }
    this.errors = {}
    this.submitting = true
    const resume = this.sessionWatch.suspend()
    const result = await this.changePassword.execute({ userId: user.id, currentPassword: this.currentPassword, newPassword: valid.right })
    resume()
    runInAction(() => {
      this.submitting = false
      if (E.isRight(result)) {
        this.response = { text: result.right, tone: 'normal' }
        this.currentPassword = ''
        this.newPassword = ''
        this.confirmPassword = ''
        return
      }
      const failure = result.left
      if (failure._tag === 'Refused' && failure.status === 401) this.response = { text: failure.message, tone: 'error' }
    })
  }
}
