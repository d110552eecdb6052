import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import { MISSING_REQUIRED_FIELDS_TEXT, MISSING_REQUIRED_FIELDS_TITLE } from '../../domain/validation/personal-details'
import { NAVIGATOR, type Navigator } from './app-services'
import { SessionViewModel } from './session.view-model'
import { AppointmentsTabViewModel } from './appointments-tab.view-model'
import { CoursesTabViewModel } from './courses-tab.view-model'
import { PersonalDetailsViewModel } from './personal-details.view-model'
import { CardsViewModel } from './cards.view-model'
import { PasswordViewModel } from './password.view-model'
import { SessionWatchViewModel } from './session-watch.view-model'
import { nextTask } from '../next-task'
import { PORTS } from '../../application/tokens'
import type { KeyValueStorage } from '../../application/ports/storage.port'

export { MISSING_REQUIRED_FIELDS_TEXT, MISSING_REQUIRED_FIELDS_TITLE }

export type AccountTab = 'appointments' | 'courses' | 'details' | 'password'
export const ACCOUNT_TABS: readonly { id: AccountTab | 'logout'; label: string; short?: string }[] = [
  { id: 'appointments', label: 'Appointments', short: 'Appts' },
  { id: 'courses', label: 'Courses' },
  { id: 'details', label: 'Personal details' },
  { id: 'password', label: 'Password' },
  { id: 'logout', label: 'Log out' },
]

/** Session storage: the tab on show, so that a reload of /app stays on it. */
export const ACCOUNT_TAB_KEY = 'accountTab'
const isAccountTab = (value: string | null | undefined): value is AccountTab => ACCOUNT_TABS.some((t) => t.id === value && value !== 'logout')

export const UNSAVED_TITLE = 'Unsaved changes'
export const UNSAVED_TEXT = 'You have unsaved changes to your personal details. Do you want to save them before leaving?'

/**
 * The customer area (/app, spec section 2): signed-in customers only (others go to /), the tabs,
 * the unsaved-changes dialog when leaving Personal details, the stripeRedirect and
 * setup_intent_client_secret query parameters, and Log out.
 */
@injectable()
export class AccountViewModel {
  tab: AccountTab = 'appointments'
  /** the tab the customer asked for while personal details were unsaved */
  pendingTab?: AccountTab | 'logout' = undefined
  missingFieldsOpen = false

  constructor(
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(NAVIGATOR) private readonly navigator: Navigator,
    @inject(AppointmentsTabViewModel) readonly appointments: AppointmentsTabViewModel,
    @inject(CoursesTabViewModel) readonly courses: CoursesTabViewModel,
    @inject(PersonalDetailsViewModel) readonly details: PersonalDetailsViewModel,
    @inject(CardsViewModel) readonly cards: CardsViewModel,
    @inject(PasswordViewModel) readonly password: PasswordViewModel,
    @inject(SessionWatchViewModel) private readonly sessionWatch: SessionWatchViewModel,
    @inject(PORTS.SessionStorage) private readonly sessionStorage?: KeyValueStorage,
  ) {
    makeAutoObservable<AccountViewModel, 'session' | 'navigator' | 'sessionWatch' | 'sessionStorage'>(this, {
      session: false, navigator: false, sessionWatch: false, sessionStorage: false,
      appointments: false, courses: false, details: false, cards: false, password: false,
    })
  }

  get ready(): boolean {
    return this.session.userLoaded && this.session.authenticated
  }

  get unsavedOpen(): boolean {
    return this.pendingTab !== undefined && !this.missingFieldsOpen
  }

  /**
   * Page opened (or the signed-in state settled): redirects visitors home, otherwise loads the
   * tabs. `query` is the page's search parameters.
   */
  async enter(query: URLSearchParams): Promise<void> {
    if (!this.session.userLoaded) return
    if (!this.session.authenticated) {
      this.navigator.go('/', { replace: true })
      return
    }
    const secret = query.get('setup_intent_client_secret')
    const details = query.has('stripeRedirect') || secret !== null
    // A reload stays on the tab it was on (this tab's session storage).
    const remembered = this.sessionStorage?.getItem(ACCOUNT_TAB_KEY)
    const tab: AccountTab = details ? 'details' : isAccountTab(remembered) ? remembered : this.tab
    runInAction(() => (this.tab = tab))
    this.password.reset()
    // The tab on show loads first, alone; the other tabs and the live socket follow in a later task,
    // so that the first view's requests, answers and render are not one long task (issue 18: TBT).
    const loads: Record<AccountTab, () => Promise<unknown>[]> = {
      appointments: () => [this.appointments.load()],
      courses: () => [this.courses.load()],
      details: () => [this.details.load(), this.cards.load()],
      password: () => [],
    }
    const shown = loads[tab]()
    if (secret) shown.push(this.cards.showSetupResult(secret))
    await Promise.all(shown)
    await nextTask()
    this.sessionWatch.start()
    await Promise.all((Object.keys(loads) as AccountTab[]).filter((t) => t !== tab).flatMap((t) => loads[t]()))
  }

  /** A tab was chosen; leaving unsaved personal details opens the dialog instead. */
  selectTab(tab: AccountTab | 'logout'): void {
    if (tab === this.tab) return
    if (this.tab === 'details' && this.details.dirty) {
      this.pendingTab = tab
      return
    }
    this.go(tab)
  }

  private go(tab: AccountTab | 'logout'): void {
    if (tab === 'logout') {
      void this.logout()
      return
    }
    this.tab = tab
    this.sessionStorage?.setItem(ACCOUNT_TAB_KEY, tab)
  }

  /** Unsaved dialog: leave without saving. */
  discardAndLeave(): void {
    const next = this.pendingTab
    this.pendingTab = undefined
    this.details.discard()
    if (next) this.go(next)
  }

  /** Unsaved dialog: stay on the tab. */
  stay(): void {
    this.pendingTab = undefined
    this.missingFieldsOpen = false
  }

  /** Unsaved dialog: save, then leave; an invalid form gives 'Missing required fields.' */
  async saveAndLeave(): Promise<void> {
    const next = this.pendingTab
    if (!this.details.isValid) {
      await this.details.save()
      runInAction(() => (this.missingFieldsOpen = true))
      return
    }
    const saved = await this.details.save()
    runInAction(() => {
      this.pendingTab = undefined
      if (saved && next) this.go(next)
    })
  }

  closeMissingFields(): void {
    this.missingFieldsOpen = false
    this.pendingTab = undefined
  }

  async logout(): Promise<void> {
    this.tab = 'appointments'
    this.sessionStorage?.removeItem(ACCOUNT_TAB_KEY)
    await this.sessionWatch.logout()
  }
}
