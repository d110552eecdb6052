import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../../application/inject'
import { ADMIN_PORTS } from '../../application/admin.tokens'
import type { TokenStore } from '../../application/ports/token-store.port'
import { ListStaff, StaffMe } from '../../application/use-cases/admin.use-case'
import { CreateCalendarFeed, LoadCalendarFeed, LoadStaffNotifications, RevokeCalendarFeed, SaveStaffNotifications } from '../../application/use-cases/staff-calendar.use-case'
import type { PractitionerFeedStatus } from '../../contract/practitioner-feeds.routes'
import type { StaffUser } from '../../contract/staff.routes'
import type { Exec } from './app-services'
import { enterAsStaff } from './staff-entry'

export const NOTIFICATIONS_SAVED = 'Your notification choices are saved.'

/**
 * /staff/notifications (issue 29): what this staff login is told of bookings with its practitioner
 * (mail, text, the number), and the practitioner's private calendar feed: made (the URL shown once, to
 * copy into a calendar app), made again (the old one stops) or revoked. An admin picks whose feed among
 * the practitioners that have a staff login.
 */
@injectable()
export class StaffNotificationsViewModel {
  signedIn = false
  staff?: StaffUser = undefined
  email = true
  sms = true
  mobilePhone = ''
  saving = false
  saved?: string = undefined
  error?: string = undefined
  /** whose feed: '' for the login's own practitioner */
  practitionerId = ''
  practitioners: { id: string; name: string }[] = []
  feed?: PractitionerFeedStatus = undefined
  feedError?: string = undefined
  /** the URL just made: shown once */
  feedUrl?: string = undefined
  feedBusy = false

  constructor(
    @inject(StaffMe) private readonly me: Exec<StaffMe>,
    @inject(ListStaff) private readonly listStaff: Exec<ListStaff>,
    @inject(LoadStaffNotifications) private readonly loadSettings: Exec<LoadStaffNotifications>,
    @inject(SaveStaffNotifications) private readonly saveSettings: Exec<SaveStaffNotifications>,
    @inject(LoadCalendarFeed) private readonly loadFeed: Exec<LoadCalendarFeed>,
    @inject(CreateCalendarFeed) private readonly createFeed: Exec<CreateCalendarFeed>,
    @inject(RevokeCalendarFeed) private readonly revokeFeed: Exec<RevokeCalendarFeed>,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
  ) {
    makeAutoObservable<StaffNotificationsViewModel, 'me' | 'listStaff' | 'loadSettings' | 'saveSettings' | 'loadFeed' | 'createFeed' | 'revokeFeed' | 'tokens'>(this, {
      me: false, listStaff: false, loadSettings: false, saveSettings: false, loadFeed: false, createFeed: false, revokeFeed: false, tokens: false,
    })
  }

  /** Whether the page can show a feed: the login is a practitioner's, or an admin has picked one. */
  get hasPractitioner(): boolean {
    return Boolean(this.practitionerId || this.staff?.practitionerId)
  }

  async enter(): Promise<void> {
    this.signedIn = this.tokens.get() !== null
    if (!this.signedIn) return
    const [entry, settings] = await Promise.all([enterAsStaff(this.tokens, this.me), this.loadSettings.execute()])
    runInAction(() => {
      Object.assign(this, entry)
      if (entry.staff && E.isRight(settings)) this.applySettings(settings.right)
    })
    if (this.staff?.role === 'admin') {
      const staff = await this.listStaff.execute()
      runInAction(() => {
        if (E.isRight(staff)) {
          const seen = new Map<string, string>()
          for (const s of staff.right) if (s.practitionerId && !seen.has(s.practitionerId)) seen.set(s.practitionerId, s.displayName)
          this.practitioners = [...seen].map(([id, name]) => ({ id, name }))
        }
      })
    }
    if (this.hasPractitioner) await this.refreshFeed()
  }

  private applySettings(settings: { email: boolean; sms: boolean; mobilePhone?: string }): void {
    this.email = settings.email
    this.sms = settings.sms
    this.mobilePhone = settings.mobilePhone ?? ''
  }

  setEmail(value: boolean): void {
    this.email = value
    this.saved = undefined
  }

  setSms(value: boolean): void {
    this.sms = value
    this.saved = undefined
  }

  setMobilePhone(value: string): void {
    this.mobilePhone = value
    this.saved = undefined
    this.error = undefined
  }

  async save(): Promise<void> {
    this.saving = true
    this.error = undefined
    const result = await this.saveSettings.execute({ email: this.email, sms: this.sms, mobilePhone: this.mobilePhone.trim() })
    runInAction(() => {
      this.saving = false
      if (E.isLeft(result)) {
        this.error = result.left.message
        return
      }
      this.applySettings(result.right)
      this.saved = NOTIFICATIONS_SAVED
    })
  }

  async choosePractitioner(id: string): Promise<void> {
    this.practitionerId = id
    this.feedUrl = undefined
    this.feed = undefined
    if (this.hasPractitioner) await this.refreshFeed()
  }

  private whose(): string | undefined {
    return this.practitionerId || undefined
  }

  async refreshFeed(): Promise<void> {
    const result = await this.loadFeed.execute(this.whose())
    runInAction(() => {
      if (E.isLeft(result)) this.feedError = result.left.message
      else {
        this.feed = result.right
        this.feedError = undefined
      }
    })
  }

  /** A new feed URL; the older one stops working. */
  async makeFeed(): Promise<void> {
    this.feedBusy = true
    this.feedError = undefined
    const result = await this.createFeed.execute(this.whose())
    runInAction(() => {
      this.feedBusy = false
      if (E.isLeft(result)) {
        this.feedError = result.left.message
        return
      }
      this.feedUrl = result.right.url
      this.feed = { practitionerId: result.right.practitionerId, practitionerName: result.right.practitionerName, active: true, createdAt: result.right.createdAt }
    })
  }

  async stopFeed(): Promise<void> {
    this.feedBusy = true
    this.feedError = undefined
    const result = await this.revokeFeed.execute(this.whose())
    runInAction(() => {
      this.feedBusy = false
      if (E.isLeft(result)) {
        this.feedError = result.left.message
        return
      }
      this.feedUrl = undefined
      if (this.feed) this.feed = { ...this.feed, active: false, createdAt: undefined }
    })
  }
}
