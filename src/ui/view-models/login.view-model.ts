import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { ForgotPassword, Login, Register } from '../../application/use-cases/auth.use-case'

import { SessionViewModel } from './session.view-model'
import type { Exec } from './app-services'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export const ACCOUNT_CREATED =
  'Your account has been created. Please check your inbox (and junk mail) to verify your email before logging in.'
export const EXISTING_CUSTOMER_SENT =
  "If this email exists on our system, you will receive a password link - please also check your junk folder. If the link doesn't work, copy and paste it into your browser."
export const EMAIL_REQUIRED = 'Email is required'
export const PASSWORD_REQUIRED = 'Password is required'

export type LoginMode = 'existing' | 'new'

export interface SignUpFields {
  title: string
  name: string
  surname: string
  mobile: string
  dateOfBirth: string
  gender: string
  email: string
  password: string
  confirmPassword: string
  referralSource: string
}

const emptySignUp = (): SignUpFields => ({
  title: '', name: '', surname: '', mobile: '', dateOfBirth: '', gender: '', email: '', password: '', confirmPassword: '', referralSource: '',
})

/** Login / sign-up modal (spec sections 2, 5 and 8). The sign-up rules load with the modal. */
@injectable()
export class LoginViewModel {
  mode: LoginMode = 'existing'
  email = ''
  password = ''
  /** server message shown in red */
  error?: string = undefined
  info?: string = undefined
  emailSentOpen = false
  submitting = false
  signUp: SignUpFields = emptySignUp()
  signUpErrors: Partial<Record<keyof SignUpFields, string>> = {}

  constructor(
    @inject(Login) private readonly loginUseCase: Exec<Login>,
    @inject(Register) private readonly registerCustomer: Exec<Register>,
    @inject(ForgotPassword) private readonly forgotPassword: Exec<ForgotPassword>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(PORTS.Clock) private readonly clock: Clock,
  ) {
    makeAutoObservable<LoginViewModel, 'loginUseCase' | 'registerCustomer' | 'forgotPassword' | 'session' | 'clock'>(this, { loginUseCase: false, registerCustomer: false, forgotPassword: false, session: false, clock: false })
  }

  setMode(mode: LoginMode): void {
    this.mode = mode
    this.error = undefined
  }

  setEmail(value: string): void {
    this.email = value
  }

  setPassword(value: string): void {
    this.password = value
  }

  setSignUpField(field: keyof SignUpFields, value: string): void {
    this.signUp[field] = value
    if (this.signUpErrors[field]) this.signUpErrors = { ...this.signUpErrors, [field]: undefined }
  }

  /** One request at a time: a double click on a submit button sent two (the button disables only after a render). */
  async login(): Promise<void> {
    if (this.submitting) return
    this.error = undefined
    if (this.email.trim() === '') {
      this.error = EMAIL_REQUIRED
      return
    }
    if (this.password === '') {
      this.error = PASSWORD_REQUIRED
      return
    }
    this.submitting = true
    const result = await this.loginUseCase.execute({ email: this.email.trim().toLowerCase(), password: this.password })
    runInAction(() => {
      this.submitting = false
      if (E.isLeft(result)) {
        this.error = result.left.message
        return
      }
      this.password = ''
      this.info = undefined
      this.session.signedIn(result.right)
    })
  }

  /** Existing customer without an online password: a password link by email. */
  async requestPasswordLink(): Promise<void> {
    if (this.submitting) return
    this.error = undefined
    if (this.email.trim() === '') {
      this.error = EMAIL_REQUIRED
      return
    }
    this.submitting = true
    const result = await this.forgotPassword.execute({ email: this.email.trim().toLowerCase(), existingUser: true })
    runInAction(() => {
      this.submitting = false
      if (E.isLeft(result)) {
        this.error = result.left.message
        return
      }
      this.info = EXISTING_CUSTOMER_SENT
      this.emailSentOpen = true
    })
  }

  closeEmailSent(): void {
    this.emailSentOpen = false
  }

  async register(): Promise<void> {
    if (this.submitting) return
    this.error = undefined
    // Busy from the first await on (the rules load on demand): a second click meanwhile registered twice.
    this.submitting = true
    const { validateSignUp } = await import('../../domain/validation/sign-up')
    const { phoneCountryFor } = await import('../../domain/validation/phone')
    const { londonDateOf } = await import('../../domain/time')
    const result = validateSignUp(this.signUp, phoneCountryFor(this.session.organisation?.country), londonDateOf(this.clock.now()))
    if (E.isLeft(result)) {
      runInAction(() => {
        this.signUpErrors = result.left
        this.submitting = false
      })
      return
    }
    runInAction(() => (this.signUpErrors = {}))
    const p = result.right
    const response = await this.registerCustomer.execute({
      title: p.title, name: p.name, surname: p.surname, dob: p.dob, gender: p.gender, email: p.email,
      mobile: p.mobile, password: p.password, referralSource: p.referralSource,
    })
    runInAction(() => {
      this.submitting = false
      if (E.isLeft(response)) {
        this.error = response.left.message
        return
      }
      this.info = ACCOUNT_CREATED
      this.session.accountCreated()
      this.email = p.email
      this.signUp = emptySignUp()
      this.mode = 'existing'
    })
  }
}
