import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { TEXT } from '../../application/errors'
import type { AppError } from '../../application/failure'
import type { UserForm } from '../../contract/forms.codecs'
import { TIMINGS } from '../../domain/constants/limits'
import { formatLondonDate } from '../../domain/time'
import { NAVIGATOR, type Navigator } from './app-services'

import { ToastViewModel } from './toast.view-model'
import { FormAnswers } from './form-answers.view-model'
import { SignatureViewModel } from './signature.view-model'
import { LoadUserForm } from '../../application/use-cases/forms.use-case'
import { SignConsentForm } from '../../application/use-cases/forms.use-case'
import { SubmitFormAnswers } from '../../application/use-cases/forms.use-case'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

/** Spec sections 4 and 8: the form page's dialogs, each with 'Close' returning home. */
export const FORM_TEXT = {
  notFound: TEXT.formNotFound,
  alreadySigned: TEXT.consentAlreadySigned,
  thankYou: TEXT.formThankYou,
  saveFailed: TEXT.somethingWentWrong,
  close: 'Close',
  save: 'Save',
  passwordTitle: 'Password required',
  passwordIntro: 'This form is protected. Enter the password you were given to open it.',
} as const

export type FormDialog = 'notFound' | 'alreadySigned' | 'thankYou'
export type FormStatus = 'idle' | 'loading' | 'ready' | 'failed'

interface UseCase<A extends unknown[], T> {
  execute(...args: A): Promise<E.Either<AppError, T>>
}
export type LoadForm = UseCase<[formId: string, password?: string], UserForm>
export type SignForm = UseCase<[formId: string, signature: string, password?: string], string>
export type UpdateForm = UseCase<[formId: string, data: Record<string, unknown>, password?: string], string>

/** 'dd/MM/yyyy' in Europe/London. */

/**
 * The form page /form/{formId}[?password=] (spec sections 2, 4, 5, 8): a consent form (text, today's
 * date, customer name with date of birth, signature) or a general, medical or aftercare form (read-only
 * when already updated). Save is disabled while errors exist or when the form is read-only.
 */
@injectable()
export class FormViewModel {
  status: FormStatus = 'idle'
  form?: UserForm = undefined
  dialog?: FormDialog = undefined
  saving = false
  /** Set when the form needs its password (missing or wrong, 401): the server's text; the page asks for it. */
  passwordMessage?: string = undefined
  answers: FormAnswers = new FormAnswers([])
  consentSignature: SignatureViewModel = new SignatureViewModel()
  private formId = ''
  private password?: string = undefined
  private loadSeq = 0
  /** Scrolls the window to the top (replaced in tests). */
  scrollToTop: () => void = () => globalThis.scrollTo?.(0, 0)

  constructor(
    @inject(LoadUserForm) private readonly loadForm: LoadForm,
    @inject(SignConsentForm) private readonly signForm: SignForm,
    @inject(SubmitFormAnswers) private readonly updateForm: UpdateForm,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
  ) {
    makeAutoObservable<FormViewModel, 'loadForm' | 'signForm' | 'updateForm' | 'navigator' | 'clock' | 'toasts' | 'loadSeq'>(this, {
      loadForm: false,
      signForm: false,
      updateForm: false,
      navigator: false,
      clock: false,
      toasts: false,
      loadSeq: false,
      scrollToTop: false,
    })
  }

  /** The password prompt shows the server's refusal only after a password was tried (not on a first visit without one). */
  get passwordTried(): boolean {
    return this.password !== undefined
  }

  get isConsent(): boolean {
    return this.form?.type === 'consent'
  }

  /** A general, medical or aftercare form that was already updated is shown read-only. */
  get readOnly(): boolean {
    return this.form !== undefined && !this.isConsent && this.form.isUpdated
  }

  get title(): string {
    return this.form?.model.name ?? ''
  }

  get consentText(): string {
    return this.form?.model.consent ?? ''
  }

  /** Today's date for the consent form, 'dd/MM/yyyy' in Europe/London. */
  get today(): string {
    return formatLondonDate(new Date(this.clock.now()))
  }

  get customerName(): string {
    const c = this.form?.customer
    return c ? `${c.firstName} ${c.surname}`.trim() : ''
  }

  get customerDateOfBirth(): string | undefined {
    const dob = this.form?.customer.dateOfBirth
    return dob ? formatLondonDate(dob) : undefined
  }

  get dialogText(): string | undefined {
    return this.dialog ? FORM_TEXT[this.dialog] : undefined
  }

  get hasErrors(): boolean {
    return this.isConsent ? !this.consentSignature.isSigned : this.answers.hasErrors
  }

  /** Save is disabled while loading or saving, while errors exist, and when the form is read-only. */
  get canSave(): boolean {
    return this.status === 'ready' && !this.saving && !this.readOnly && !this.hasErrors
  }

  async load(formId: string, password?: string): Promise<void> {
    const seq = ++this.loadSeq
    this.formId = formId
    this.password = password && password !== '' ? password : undefined
    this.status = 'loading'
    this.form = undefined
    this.dialog = undefined
    this.passwordMessage = undefined
    this.saving = false
    this.answers = new FormAnswers([])
    this.consentSignature = new SignatureViewModel()
    const result = await this.loadForm.execute(formId, this.password)
    if (seq !== this.loadSeq) return
    runInAction(() => {
      if (E.isLeft(result)) {
        this.status = 'failed'
        const failure = result.left
        if (failure._tag === 'Refused' && failure.status === 401) this.passwordMessage = failure.message
        else this.dialog = failure.message === TEXT.consentAlreadySigned ? 'alreadySigned' : 'notFound'
      } else {
        const form = result.right
        this.form = form
        this.status = 'ready'
        this.answers = new FormAnswers(form.model.fields, form.data ?? {}, form.type !== 'consent' && form.isUpdated)
        this.consentSignature = new SignatureViewModel(form.signature)
      }
    })
    this.clock.after(TIMINGS.scrollToTopMs, () => this.scrollToTop())
  }

  /** The password prompt's 'Open form': loads the form again with the password typed. */
  async openWithPassword(password: string): Promise<void> {
    if (password.trim() === '') return
    await this.load(this.formId, password)
  }

  async save(): Promise<void> {
    if (this.status !== 'ready' || this.saving || this.readOnly) return
    if (!this.isConsent && this.answers.hasErrors) {
      this.answers.revealAll()
      return
    }
    if (this.isConsent && !this.consentSignature.dataUrl) return
    this.saving = true
    const result = this.isConsent
      ? await this.signForm.execute(this.formId, this.consentSignature.dataUrl as string, this.password)
      : await this.updateForm.execute(this.formId, this.answers.data, this.password)
    runInAction(() => {
      this.saving = false
      if (E.isRight(result)) this.dialog = 'thankYou'
      else this.toasts.show(result.left.message || FORM_TEXT.saveFailed)
    })
  }

  /** The dialogs' 'Close': back to the home page. */
  closeDialog(): void {
    this.dialog = undefined
    this.navigator.go('/')
  }
}
