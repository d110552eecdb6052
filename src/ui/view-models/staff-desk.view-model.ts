import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../../application/tokens'
import { ADMIN_PORTS } from '../../application/admin.tokens'
import type { Clock } from '../../application/ports/clock.port'
import type { TokenStore } from '../../application/ports/token-store.port'
import type { AppError } from '../../application/failure'
import { ListLocations } from '../../application/use-cases/catalogue.use-case'
import { CancelForCustomer, ListDayBookings, ListRota, MarkAttendance, MoveForCustomer, SetStaffPassword, StaffLogin, StaffLogout, StaffMe } from '../../application/use-cases/admin.use-case'
import { DEFAULT_CURRENCY, formatMoney, type Currency } from '../../domain/pricing/money'
import { formatLondonDate, londonDateOf, londonTimeOf } from '../../domain/time'
import { ATTENDANCE_REFUSAL_TEXT, type AttendanceMark, attendanceAllowed } from '../../domain/booking/attendance'
import type { DayBooking } from '../../contract/admin.routes'
import type { TimeBlock } from '../../contract/desk-calendar.routes'
import { ListBlocks, RemoveBlock } from '../../application/use-cases/desk-calendar.use-case'
import { blockStartDates, blocksOnDay } from '../../domain/desk/day'
import type { StaffUser } from '../../contract/staff.routes'
import type { Exec } from './app-services'
import { StaffCheckoutViewModel } from './staff-checkout.view-model'
import { confirmedIntoPast, moveFormOf, moveRequest, refusedMove, withMoveField, type MoveField, type MoveForm } from './desk-move-form'

export type StaffAction = AttendanceMark | 'cancel'

export interface PractitionerColumn {
  practitioner: string
  bookings: DayBooking[]
  /** the time blocked off that day (breaks, meetings, leave), by start */
  blocks: TimeBlock[]
}

/** YYYY-MM-DD of an instant in the clinic's time zone (the server counts days in Europe/London). */
export const clinicDateOf = (instant: Date): string => londonDateOf(instant)

/** HH:mm of an ISO instant in the clinic's time zone. */
export const clinicTimeOf = (iso: string): string => londonTimeOf(new Date(iso))

/** The calendar day `days` after a YYYY-MM-DD date (UTC arithmetic: no time zone enters a plain date). */
export const addDays = (date: string, days: number): string => {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * The staff desk (/staff, issue 13): staff sign-in with its own token (never the customer's), then
 * one location's day with a column per practitioner, and check-in, no-show and cancel on the
 * customer's behalf. A 401 (expired or ended staff session) returns to the sign-in form.
 */
@injectable()
export class StaffDeskViewModel {
  staff?: StaffUser = undefined
  /** true while a stored staff token has not been tried yet */
  signedIn = false
  email = ''
  password = ''
  loginError?: string = undefined
  signingIn = false

  date = ''
  location = ''
  locations: { id: string; name: string }[] = []
  bookings: DayBooking[] = []
  /** the blocks of time taking time on the day at the location (a practitioner's login: their own) */
  blocks: TimeBlock[] = []
  /** who works at the location that day: a column each, booked or not */
  rota: string[] = []
  loading = false
  /** 'date|location' of the bookings, blocks and rota shown */
  private shownDay = ''
  error?: string = undefined
  /** the id of the booking whose action is under way */
  busy?: string = undefined
  /** the last action's outcome, read out politely */
  notice?: string = undefined

  /** the booking whose cancellation waits for a confirmation */
  cancelling?: DayBooking = undefined
  /** charge the late-cancellation fee to the stored card (the policy decides whether one is due) */
  chargeFee = false
  moving?: MoveForm = undefined

  newPassword = ''
  /** the set-password link whose password was set (another link's form starts afresh) */
  passwordSetFor?: string = undefined
  passwordError?: string = undefined
  /** the set-password link the form's typing and error belong to */
  private passwordLink?: string = undefined

  constructor(
    @inject(StaffLogin) private readonly login: Exec<StaffLogin>,
    @inject(StaffLogout) private readonly logout: Exec<StaffLogout>,
    @inject(ListDayBookings) private readonly dayBookings: Exec<ListDayBookings>,
    @inject(MarkAttendance) private readonly attendance: Exec<MarkAttendance>,
    @inject(CancelForCustomer) private readonly cancelForCustomer: Exec<CancelForCustomer>,
    @inject(SetStaffPassword) private readonly setStaffPassword: Exec<SetStaffPassword>,
    @inject(ListLocations) private readonly listLocations: Exec<ListLocations>,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(StaffMe) private readonly me: Exec<StaffMe>,
    @inject(MoveForCustomer) private readonly moveForCustomer: Exec<MoveForCustomer>,
    @inject(ListRota) private readonly listRota: Exec<ListRota>,
    @inject(ListBlocks) private readonly listBlocks: Exec<ListBlocks>,
    @inject(RemoveBlock) private readonly removeBlockCall: Exec<RemoveBlock>,
    @inject(StaffCheckoutViewModel) readonly checkout: StaffCheckoutViewModel,
  ) {
    type Deps = 'login' | 'logout' | 'dayBookings' | 'attendance' | 'cancelForCustomer' | 'setStaffPassword' | 'listLocations' | 'tokens' | 'clock' | 'me' | 'moveForCustomer' | 'listRota' | 'listBlocks' | 'removeBlockCall'
    makeAutoObservable<StaffDeskViewModel, Deps>(this, {
      login: false, logout: false, dayBookings: false, attendance: false, cancelForCustomer: false, setStaffPassword: false, listLocations: false, tokens: false, clock: false, me: false, moveForCustomer: false, listRota: false, listBlocks: false, removeBlockCall: false, checkout: false,
    })
  }

  /** Admins run the whole desk; a practitioner's login sees and marks their own day (the server enforces it too). */
  get isAdmin(): boolean {
    return this.staff?.role === 'admin'
  }

  /**
   * A column per practitioner on the rota (booked or not), then any other with bookings or blocks (the
   * server sorts by practitioner, then time); each with its bookings and its blocks of the day by start.
   */
  get columns(): PractitionerColumn[] {
    const byName = new Map<string, PractitionerColumn>(this.rota.map((name) => [name, { practitioner: name, bookings: [], blocks: [] }]))
    const column = (name: string) => byName.get(name) ?? byName.set(name, { practitioner: name, bookings: [], blocks: [] }).get(name)!
    for (const b of this.bookings) column(b.practitioner).bookings.push(b)
    for (const b of this.blocks) column(b.practitioner).blocks.push(b)
    return [...byName.values()].map((c) => ({ ...c, bookings: c.bookings.sort((a, b) => a.start.localeCompare(b.start)) }))
  }

  /** Opens the desk: today, the locations, and (a reload) who the stored staff token belongs to, then the day. */
  async enter(date?: string): Promise<void> {
    if (date && DATE.test(date)) this.date = date
    if (!this.date) this.date = clinicDateOf(this.clock.now())
    this.signedIn = this.tokens.get() !== null
    const [locations, me] = await Promise.all([this.listLocations.execute(), this.signedIn && !this.staff ? this.me.execute() : undefined])
    runInAction(() => {
      if (E.isRight(locations)) {
        this.locations = locations.right.clinics.map((c) => ({ id: c.id, name: c.name ?? c.accountName }))
        if (!this.location && this.locations[0]) this.location = this.locations[0].id
      }
      if (me && E.isLeft(me)) this.failed(me.left)
      else if (me) this.staff = me.right
    })
    if (this.signedIn) await this.load()
  }

  setEmail(value: string): void {
    this.email = value
    this.loginError = undefined
  }

  setPassword(value: string): void {
    this.password = value
    this.loginError = undefined
  }

  async signIn(): Promise<void> {
    if (this.signingIn) return
    if (!this.email.trim() || !this.password) {
      this.loginError = 'Enter your email and password.'
      return
    }
    this.signingIn = true
    const result = await this.login.execute(this.email, this.password)
    runInAction(() => {
      this.signingIn = false
      if (E.isLeft(result)) {
        this.loginError = result.left.message
        return
      }
      this.staff = result.right
      this.signedIn = true
      this.password = ''
    })
    if (E.isRight(result)) await this.load()
  }

  async signOut(): Promise<void> {
    await this.logout.execute()
    runInAction(() => {
      this.signedIn = false
      this.staff = undefined
      this.bookings = []
      this.blocks = []
    })
  }

  async setDate(value: string): Promise<void> {
    if (!DATE.test(value)) return
    this.date = value
    await this.load()
  }

  shiftDay(days: number): Promise<void> {
    return this.setDate(addDays(this.date, days))
  }

  async setLocation(id: string): Promise<void> {
    this.location = id
    await this.load()
  }

  async load(): Promise<void> {
    this.loading = true
    this.error = undefined
    const query = { date: this.date, ...(this.location ? { location: this.location } : {}) }
    const [result, rota, blocks] = await Promise.all([
      this.dayBookings.execute(query),
      query.location ? this.listRota.execute(query.date, query.location) : undefined,
      this.listBlocks.execute(blockStartDates(query.date)),
    ])
    runInAction(() => {
      // An answer for another day or location than the one now chosen is stale.
      if (query.date !== this.date || (query.location ?? '') !== this.location) return
      this.loading = false
      const day = `${query.date}|${query.location ?? ''}`
      // On a failure the day shown stays only if it is this one: another day's bookings are never left under this date.
      if ((E.isLeft(result) || E.isLeft(blocks)) && this.shownDay !== day) [this.bookings, this.blocks, this.rota] = [[], [], []]
      if (E.isLeft(result)) return this.failed(result.left)
      if (E.isLeft(blocks)) return this.failed(blocks.left)
      this.shownDay = day
      this.bookings = result.right
      this.blocks = blocksOnDay(query.date, blocks.right.filter((b) => !query.location || b.locationId === query.location))
      // Without the rota the columns are those with bookings.
      this.rota = rota && E.isRight(rota) ? rota.right.map((p) => p.name) : []
    })
  }

  /** A checked-in booking's checkout (an admin's desk): its payment's notice is this page's, the day read again. */
  async openCheckout(booking: DayBooking): Promise<void> {
    this.notice = undefined
    this.error = undefined
    await this.checkout.open(booking, (notice) => {
      runInAction(() => (this.notice = notice))
      void this.load()
    })
  }

  /** Removes a block of time (an admin any, a practitioner their own: the server decides); the time is bookable again. */
  async removeBlock(block: TimeBlock): Promise<void> {
    if (this.busy) return
    this.busy = block.id
    this.notice = undefined
    this.error = undefined
    const result = await this.removeBlockCall.execute(block.id)
    runInAction(() => {
      this.busy = undefined
      if (E.isLeft(result)) return this.failed(result.left)
      this.notice = 'Block removed: the time is bookable again.'
    })
    if (E.isRight(result)) await this.load()
  }

  /** Cancel asks first (a dialog): the booking to confirm, the fee unticked. */
  askCancel(booking: DayBooking): void {
    this.cancelling = booking
    this.chargeFee = false
  }

  setChargeFee(value: boolean): void {
    this.chargeFee = value
  }

  closeCancel(): void {
    this.cancelling = undefined
  }

  /** `currency`: the organisation's, for the late-cancellation fee in the notice. */
  async confirmCancel(currency: Currency = DEFAULT_CURRENCY): Promise<void> {
    const booking = this.cancelling
    if (!booking) return
    this.cancelling = undefined
    await this.act(booking.id, 'cancel', currency)
  }

  askMove(booking: DayBooking): void {
    this.moving = moveFormOf(booking)
  }

  setMove(field: MoveField, value: string): void {
    if (this.moving) this.moving = withMoveField(this.moving, field, value)
  }

  closeMove(): void {
    this.moving = undefined
  }

  /**
   * Moves to the form's clinic date and time (Europe/London); the day is read again, as the booking may
   * leave it. `allowOverlap`: although the customer has another visit then (staff confirmed the clash).
   * `intoPast`: to a time already past (staff confirmed the warning; the customer is not told).
   */
  async confirmMove(allowOverlap = false, intoPast = false): Promise<void> {
    const form = this.moving && intoPast ? confirmedIntoPast(this.moving) : this.moving
    if (!form || this.busy) return
    const request = moveRequest(form, this.clock.now())
    if (E.isLeft(request)) {
      this.moving = request.left
      return
    }
    this.busy = form.booking.id
    const result = await this.moveForCustomer.execute(form.booking.id, request.right.start, request.right.practitioner, allowOverlap)
    runInAction(() => {
      this.busy = undefined
      if (E.isLeft(result)) {
        if (result.left._tag === 'Refused' && result.left.status === 401) return this.failed(result.left)
        this.moving = refusedMove(form, result.left)
        return
      }
      this.moving = undefined
      // Shown to staff: the display date (dd/MM/yyyy), as the date field and the rest of the desk show it.
      this.notice = `Moved: ${result.right.customer} to ${formatLondonDate(result.right.start)} at ${clinicTimeOf(result.right.start)} with ${result.right.practitioner}.`
    })
    if (E.isRight(result)) await this.load()
  }

  /**
   * Why `mark` cannot be set on the booking yet (the server's rule: check-in from the appointment's
   * London day, no-show once it has started), or undefined when it can. Read when the menu opens.
   */
  attendanceRefusal(booking: DayBooking, mark: AttendanceMark): string | undefined {
    const allowed = attendanceAllowed(mark, new Date(booking.start), this.clock.now())
    return E.isLeft(allowed) ? ATTENDANCE_REFUSAL_TEXT[allowed.left._tag] : undefined
  }

  async act(id: string, action: StaffAction, currency: Currency = DEFAULT_CURRENCY): Promise<void> {
    if (this.busy) return
    const booking = this.bookings.find((b) => b.id === id)
    const refusal = booking && action !== 'cancel' ? this.attendanceRefusal(booking, action) : undefined
    if (refusal) {
      this.notice = undefined
      this.error = refusal
      return
    }
    this.busy = id
    this.notice = undefined
    this.error = undefined
    const result = action === 'cancel' ? await this.cancelForCustomer.execute(id, this.chargeFee) : await this.attendance.execute(id, action)
    runInAction(() => {
      this.busy = undefined
      if (E.isLeft(result)) return this.failed(result.left)
      this.bookings = this.bookings.map((b) => (b.id === id ? result.right : b))
      const done = { 'checked-in': 'Checked in', 'no-show': 'Marked as no-show', cancel: 'Cancelled' }[action]
      const fee = result.right.feeCharged ? ` Late-cancellation fee charged: ${formatMoney(result.right.feeCharged, currency)}.` : ''
      this.notice = `${done}: ${result.right.customer} at ${clinicTimeOf(result.right.start)}.${fee}`
    })
  }

  /** Whether the password of this set-password link was set here. */
  passwordDone(token: string): boolean {
    return this.passwordSetFor === token
  }

  /** A set-password link was opened: a different link from the last one starts with an empty form. */
  openPasswordLink(token: string): void {
    if (token === this.passwordLink) return
    this.passwordLink = token
    this.newPassword = ''
    this.passwordError = undefined
  }

  setNewPassword(value: string): void {
    this.newPassword = value
    this.passwordError = undefined
  }

  async savePassword(token: string): Promise<void> {
    if (!this.newPassword) {
      this.passwordError = 'Enter a password.'
      return
    }
    const result = await this.setStaffPassword.execute(token, this.newPassword)
    runInAction(() => {
      if (E.isLeft(result)) this.passwordError = result.left.message
      else {
        this.passwordSetFor = token
        this.newPassword = ''
      }
    })
  }

  private failed(error: AppError): void {
    if (error._tag === 'Refused' && error.status === 401) {
      this.tokens.clear()
      this.signedIn = false
      this.staff = undefined
      this.bookings = []
      this.blocks = []
      this.cancelling = undefined
      this.moving = undefined
      this.loginError = 'Your staff session has ended. Sign in again.'
      return
    }
    this.error = error.message
  }
}
