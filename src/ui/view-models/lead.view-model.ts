import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../application/failure'
import type { Lead, LeadBody } from '../../contract/leads.routes'
import { LEAD_COUNTRY_CODES } from '../../domain/constants/lead-form'
import { LEAD_CREATE_FAILED, type LeadField, type LeadFormConfig, leadDialCode, parseLeadQuery } from '../../domain/validation/lead-query'
import type { LeadInput } from '../../domain/validation/lead'
import { clearFieldError, type FieldErrors } from '../../domain/validation/result'
import { NAVIGATOR, type Navigator } from './app-services'
import { ToastViewModel } from './toast.view-model'
import { SubmitLead } from '../../application/use-cases/forms.use-case'
import type { Clock } from '../../application/ports/clock.port'
import { PORTS } from '../../application/tokens'
import { token } from '../../application/inject'

/** The page that embeds /lead in an iframe: messages go to it (window.parent in the browser). */
export interface LeadHost {
  /** true inside an iframe */
  readonly embedded: boolean
  post(message: LeadHostMessage): void
}
export const LEAD_HOST = token<LeadHost>('LeadHost')

/** `{ type: 'resize', height }` on every size change; 'redirect:{url}' after success with a redirect URL. */
export type LeadHostMessage = { type: 'resize'; height: number } | `redirect:${string}`

export type LeadCountry = (typeof LEAD_COUNTRY_CODES)[number]['code']
export type LeadStatus = 'editing' | 'submitting' | 'done'
type TextField = Exclude<keyof LeadInput, 'interested' | 'contactBySms' | 'contactByEmail'>

/**
 * The form's checks: libphonenumber's metadata and date parsing, ~41 KB gzip, loaded once the visitor
 * starts on the form (a field focused or edited) or submits it: not before the form can be used
 * (issue 28: /lead's bytes before Submit).
 */
type LeadChecks = Pick<typeof import('../../domain/validation/lead'), 'validateLead' | 'validateLeadPhone'> &
  Pick<typeof import('../../domain/time'), 'londonDateOf'>
const loadLeadChecks = async (): Promise<LeadChecks> => {
  const [{ validateLead, validateLeadPhone }, { londonDateOf }] = await Promise.all([import('../../domain/validation/lead'), import('../../domain/time')])
  return { validateLead, validateLeadPhone, londonDateOf }
}

export type SubmitLeadUseCase = { execute(lead: LeadBody): Promise<E.Either<AppError, Lead>> }

/** Only http(s) addresses are followed (a query could otherwise carry a javascript: URL). */
export const safeRedirectUrl = (value: string | undefined): string | undefined => {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** The parent window as a LeadHost (messages to any origin: the host page may be on any site). */
/** What the lead form needs of a window: the parent it may be embedded in, which it posts to. */
export interface MessageWindow {
  parent: { postMessage(message: unknown, targetOrigin: string): void }
}

export const windowLeadHost = (win: MessageWindow | undefined): LeadHost =>
  win === undefined
    ? { embedded: false, post: () => undefined }
    : { embedded: !Object.is(win.parent, win), post: (message) => win.parent.postMessage(message, '*') }

const GENERIC_FONTS = ['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-sans-serif', 'ui-serif', 'inherit']
/** The font stylesheet service the lead form loads its font from, by family name. */
export const FONT_STYLESHEET_BASE = 'https://fonts.googleapis.com/css2'

/** The first family of a font list ('Inter, sans-serif' gives 'Inter'), or undefined for a generic one. */
export const fontFamilyName = (font: string): string | undefined => {
  const first = font.split(',')[0]?.trim().replace(/^['"]|['"]$/g, '') ?? ''
  if (first === '' || GENERIC_FONTS.includes(first.toLowerCase()) || !/^[\w \-]+$/.test(first)) return undefined
  return first
}

/** The stylesheet URL that loads a font by name (regular and semi-bold), or undefined. */
export const fontStylesheetUrl = (font: string): string | undefined => {
  const family = fontFamilyName(font)
  return family ? `${FONT_STYLESHEET_BASE}?family=${encodeURIComponent(family).replace(/%20/g, '+')}:wght@400;600&display=swap` : undefined
}

/** URL-decodes query HTML once more when it still looks encoded; keeps it as is when it is not valid. */
export const urlDecodedHtml = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined
  try {
    return /%[0-9a-f]{2}/i.test(value) ? decodeURIComponent(value) : value
  } catch {
    return value
  }
}

/**
 * The embeddable lead form /lead (spec sections 2, 4, 5, 8): configuration from the query, the
 * section 5 messages on submit (cleared when the field is edited; the mobile checked per country on
 * each change), no submit while an error exists, the thank-you text or the parent's redirect after
 * success, the failure toast, and its height reported to the parent.
 */
@injectable()
export class LeadViewModel {
  config: LeadFormConfig = parseLeadQuery('')
  values: LeadInput = {}
  errors: FieldErrors<LeadField> = {}
  country: LeadCountry = 'gb'
  status: LeadStatus = 'editing'
  /** preview mode (query preview=true): a valid form is shown as done without being sent */
  preview = false
  private lastHeight = -1
  private checks: LeadChecks | undefined = undefined
  /** The query configured last: the page's entry configures it before the first render, its effect again. */
  private configured: string | undefined = undefined

  constructor(
    @inject(SubmitLead) private readonly submitLead: SubmitLeadUseCase,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
    @inject(LEAD_HOST) private readonly host: LeadHost,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(PORTS.Clock) private readonly clock: Clock,
  ) {
    makeAutoObservable<LeadViewModel, 'submitLead' | 'toasts' | 'host' | 'navigator' | 'clock' | 'lastHeight' | 'checks' | 'configured'>(this, {
      submitLead: false,
      toasts: false,
      host: false,
      navigator: false,
      clock: false,
      lastHeight: false,
      checks: false,
      configured: false,
    })
  }

  /** The visitor has started on the form: its checks start loading (a number typed meanwhile is checked when they arrive). */
  prepare(): void {
    void this.ready()
  }

  /** Loads the form's checks (once); false when they could not be loaded (offline: tried again next time). */
  async ready(): Promise<boolean> {
    if (!this.checks) {
      try {
        const checks = await loadLeadChecks()
        if (!this.checks) {
          this.checks = checks
          // A number typed before the checks arrived is checked now.
          this.checkPhone()
        }
      } catch {
        return false
      }
    }
    return true
  }

  /**
   * Reads the query string of /lead and starts an empty form; the same query again keeps the form as
   * it is (what was typed into the server's markup before hydration is in it by then).
   */
  configure(search: string): void {
    if (search === this.configured) return
    this.configured = search
    this.config = parseLeadQuery(search)
    this.preview = new URLSearchParams(search).get('preview') === 'true'
    this.values = {}
    this.errors = {}
    this.country = this.config.phoneCountry === 'au' ? 'au' : 'gb'
    this.status = 'editing'
  }

  get dialCode(): string {
    return leadDialCode(this.country)
  }

  get countries(): readonly { name: string; code: LeadCountry }[] {
    return LEAD_COUNTRY_CODES
  }

  isRequired(field: LeadField): boolean {
    return this.config.required.includes(field)
  }

  get hasErrors(): boolean {
    return Object.values(this.errors).some(Boolean)
  }

  /** No submit while an error exists or while sending. */
  get canSubmit(): boolean {
    return this.status === 'editing' && !this.hasErrors
  }

  get fontStylesheet(): string | undefined {
    return fontStylesheetUrl(this.config.font)
  }

  /** Footer and marketing HTML, URL-decoded (the page sanitises them before showing them). */
  get footerHtml(): string | undefined {
    return urlDecodedHtml(this.config.footerText)
  }

  get marketingHtml(): string | undefined {
    return urlDecodedHtml(this.config.marketingText)
  }

  get thankYouHtml(): string {
    return urlDecodedHtml(this.config.thankYouText) ?? ''
  }

  get redirectUrl(): string | undefined {
    return safeRedirectUrl(this.config.redirectUrl)
  }

  text(field: TextField): string {
    return this.values[field] ?? ''
  }

  /** Editing a field clears its message; the mobile is checked for the country on each change. */
  setField(field: TextField, value: string): void {
    this.prepare()
    this.values = { ...this.values, [field]: value }
    if (field === 'mobilePhone') this.checkPhone()
    else if (field !== 'message') this.errors = clearFieldError(this.errors, field)
  }

  setCountry(country: LeadCountry): void {
    this.prepare()
    this.country = country
    this.checkPhone()
  }

  private checkPhone(): void {
    const phone = (this.values.mobilePhone ?? '').trim()
    const rest = clearFieldError(this.errors, 'mobilePhone')
    if (phone !== '' && !this.checks) {
      this.errors = rest
      return
    }
    const result = phone === '' || !this.checks ? undefined : this.checks.validateLeadPhone(phone, this.country)
    this.errors = result && E.isLeft(result) ? { ...rest, mobilePhone: result.left } : rest
  }

  isInterested(option: string): boolean {
    return (this.values.interested ?? []).includes(option)
  }

  toggleInterested(option: string, on: boolean): void {
    const current = (this.values.interested ?? []).filter((o) => o !== option)
    this.values = { ...this.values, interested: on ? [...current, option] : current }
    this.errors = clearFieldError(this.errors, 'interested')
  }

  setContact(type: 'SMS' | 'Email', on: boolean): void {
    this.values = { ...this.values, [type === 'SMS' ? 'contactBySms' : 'contactByEmail']: on }
  }

  async submit(): Promise<void> {
    if (!this.canSubmit) return
    const loaded = await this.ready()
    // Another submit may have run meanwhile (they wait for the same checks).
    if (!this.canSubmit) return
    if (!loaded || !this.checks) {
      this.toasts.show(LEAD_CREATE_FAILED)
      return
    }
    const result = this.checks.validateLead(this.values, this.config, { today: this.checks.londonDateOf(this.clock.now()), country: this.country })
    if (E.isLeft(result)) {
      runInAction(() => {
        this.errors = result.left
      })
      return
    }
    if (this.preview) {
      runInAction(() => this.succeed())
      return
    }
    runInAction(() => {
      this.status = 'submitting'
    })
    const sent = await this.submitLead.execute(result.right as LeadBody)
    runInAction(() => {
      if (E.isRight(sent)) this.succeed()
      else {
        this.status = 'editing'
        this.toasts.show(LEAD_CREATE_FAILED)
      }
    })
  }

  private succeed(): void {
    this.status = 'done'
    const url = this.redirectUrl
    if (!url) return
    if (this.host.embedded) this.host.post(`redirect:${url}`)
    else this.navigator.leave(url)
  }

  /** Called on every size change of the page: tells the parent the new height (once per change). */
  reportHeight(height: number): void {
    const rounded = Math.ceil(height)
    if (rounded === this.lastHeight) return
    this.lastHeight = rounded
    this.host.post({ type: 'resize', height: rounded })
  }
}
