import { makeAutoObservable, runInAction } from 'mobx'
import { injectable, optional } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { WEB_CONFIG, type OrganisationView, type UserView, type WebConfig } from './views'
import { PORTS } from '../../application/tokens'
import type { BookingStore } from '../../application/ports/booking-store.port'
import { GetCurrentUser, Logout } from '../../application/use-cases/auth.use-case'
import { LoadLinks, LoadOrganisation, StartTagManager } from '../../application/use-cases/catalogue.use-case'

import { currencyOrDefault, type Currency } from '../../domain/pricing/money'
import type { Exec } from './app-services'

export const STAGING_BANNER =
  'This is a staging environment! It includes unstable features and all data generated may be deleted without notice.'
export const COOKIE_BANNER = 'This website uses cookies to analyze user behavior and improve our services.'
/** Production's consent banner (issue 30), shown when the organisation turns analyticsConsentBanner on. */
export const CONSENT_BANNER = 'May we use analytics cookies to see how this site is used and improve it? Nothing is measured unless you allow it.'
/** The server's text for a used verification link (server MESSAGES.emailVerified). */
export const EMAIL_VERIFIED = 'Your email is verified. You can now log in.'

/**
 * App-wide state: the organisation, the signed-in customer, the login modal and the banners
 * (spec sections 1 and 4 'App start', 'Login').
 */
@injectable()
export class SessionViewModel {
  organisation?: OrganisationView = undefined
  organisationFailed = false
  user?: UserView = undefined
  userLoaded = false
  loginModalOpen = false
  /** the modal cannot be closed (book step) */
  loginModalLocked = false
  /** shown at the top of the login modal (the email verification link's result) */
  loginNotice?: string = undefined
  cookiesAccepted: boolean
  /** the visitor's answer in production's consent banner */
  analyticsConsent?: 'granted' | 'denied' = undefined
  /** accounts created from the login modal in this tab (a held time is extended once for the email check) */
  accountsCreated = 0
  private afterLogin?: () => void

  constructor(
    @inject(LoadOrganisation) private readonly loadOrganisation: Exec<LoadOrganisation>,
    @inject(GetCurrentUser) private readonly currentUser: Exec<GetCurrentUser>,
    @inject(LoadLinks) private readonly loadLinks: Exec<LoadLinks>,
    @inject(Logout) private readonly logoutUseCase: Exec<Logout>,
    @inject(PORTS.BookingStore) private readonly store: BookingStore,
    @inject(WEB_CONFIG) private readonly config: WebConfig,
    @inject(StartTagManager) @optional() private readonly startTags?: Exec<StartTagManager>,
  ) {
    this.cookiesAccepted = store.get('cookiesAccepted') === true
    this.analyticsConsent = store.get('analyticsConsent')
    makeAutoObservable<SessionViewModel, 'loadOrganisation' | 'currentUser' | 'loadLinks' | 'logoutUseCase' | 'store' | 'config' | 'afterLogin' | 'startTags'>(this, {
      loadOrganisation: false, currentUser: false, loadLinks: false, logoutUseCase: false, store: false, config: false, afterLogin: false, startTags: false,
    })
  }

  accountCreated(): void {
    this.accountsCreated += 1
  }

  get authenticated(): boolean {
    return this.user !== undefined
  }

  get currency(): Currency {
    return currencyOrDefault(this.organisation?.currency ?? this.store.get('currency'))
  }

  get showStagingBanner(): boolean {
    return this.config.environment !== 'production'
  }

  get showCookieBanner(): boolean {
    return this.newVisitorSeesCookieBanner && !this.cookiesAccepted
  }

  /** Production only (staging and local keep the spec's cookie banner): the organisation asks, the visitor has not answered. */
  get showConsentBanner(): boolean {
    return this.newVisitorSeesConsentBanner && this.analyticsConsent === undefined
  }

  /** The cookie banner as a new visitor (no answer stored) sees it: the server's render of the first view (issue 28). */
  get newVisitorSeesCookieBanner(): boolean {
    return this.config.environment !== 'production'
  }

  /** The consent banner as a new visitor sees it: the server's render of the first view (issue 28). */
  get newVisitorSeesConsentBanner(): boolean {
    const org = this.organisation
    return this.config.environment === 'production' && !!org?.gtmId && org.analyticsConsentBanner === true
  }

  /** The visitor's answer in the consent banner: kept locally; the tag manager starts on 'granted'. */
  answerConsent(analytics: 'granted' | 'denied'): void {
    this.analyticsConsent = analytics
    this.store.set('analyticsConsent', analytics)
    this.startTagManager()
  }

  private startTagManager(): void {
    if (this.organisation) this.startTags?.execute(this.organisation, { required: this.config.environment === 'production', analytics: this.analyticsConsent })
  }

  get headerTitle(): string {
    return this.organisation ? `${this.organisation.name} Online Booking` : 'Online Booking'
  }

  /** The links cache (GET /public/links), loaded after the first view; failures are only logged. */
  async refreshLinks(): Promise<void> {
    await this.loadLinks.execute()
  }

  acceptCookies(): void {
    this.cookiesAccepted = true
    this.store.set('cookiesAccepted', true)
  }

  /**
   * App start: organisation and current user; the app renders either way. The organisation is set as
   * soon as it is there (the page carries it: the server's first view hydrates without waiting for
   * the user's request, issue 28).
   */
  async start(): Promise<void> {
    const user = this.currentUser.execute()
    const organisation = await this.loadOrganisation.execute()
    runInAction(() => {
      // LoadOrganisation keeps the currency in the booking store
      if (E.isRight(organisation)) this.organisation = organisation.right
      else this.organisationFailed = true
    })
    const current = await user
    runInAction(() => {
      if (E.isRight(current)) this.user = current.right
      this.userLoaded = true
    })
    this.startTagManager()
  }

  /**
   * Opens the login modal; `locked` makes it unclosable; `then` runs after a successful login;
   * `notice` is shown at its top.
   */
  requireLogin(options: { locked?: boolean; then?: () => void; notice?: string } = {}): void {
    if (this.authenticated) {
      options.then?.()
      return
    }
    this.loginModalOpen = true
    this.loginModalLocked = options.locked ?? false
    this.afterLogin = options.then
    this.loginNotice = options.notice
  }

  /**
   * Arrival from the email verification link (the server redirects to '/?emailVerified=true'): the
   * login modal opens with the server's 'Your email is verified. You can now log in.'. True when the
   * query carried the flag, so the caller drops it from the address.
   */
  arriveWith(search: string): boolean {
    const flag = new URLSearchParams(search).get('emailVerified')
    if (flag === null) return false
    if (flag === 'true') this.requireLogin({ notice: EMAIL_VERIFIED })
    return true
  }

  closeLoginModal(): void {
    if (this.loginModalLocked) return
    this.loginModalOpen = false
    this.afterLogin = undefined
    this.loginNotice = undefined
  }

  /**
   * The step that demanded the login (time, confirm) was left (browser back): its unclosable modal
   * closes and the pending 'then' (go to confirm) is dropped. An ordinary login modal stays.
   */
  releaseLockedLogin(): void {
    if (!this.loginModalLocked) return
    this.loginModalOpen = false
    this.loginModalLocked = false
    this.afterLogin = undefined
  }

  signedIn(user: UserView): void {
    this.user = user
    this.loginModalOpen = false
    this.loginModalLocked = false
    this.loginNotice = undefined
    const next = this.afterLogin
    this.afterLogin = undefined
    next?.()
  }

  logout(): void {
    void this.logoutUseCase.execute()
    this.user = undefined
  }
}
