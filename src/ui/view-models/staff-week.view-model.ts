import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../../application/inject'
import { PORTS } from '../../application/tokens'
import { ADMIN_PORTS } from '../../application/admin.tokens'
import type { Clock } from '../../application/ports/clock.port'
import type { TokenStore } from '../../application/ports/token-store.port'
import type { AppError } from '../../application/failure'
import { ListLocations } from '../../application/use-cases/catalogue.use-case'
import { ListRota, StaffMe } from '../../application/use-cases/admin.use-case'
import { AddBlock, AddBlockSeries, LoadCheckout, LoadPractitionerWeek, RefundDeposit, RemoveBlock, TakeBalance } from '../../application/use-cases/desk-calendar.use-case'
import type { DayBooking } from '../../contract/admin.routes'
import type { BlockType, Checkout, PractitionerWeek, RemoveScope, TimeBlock, WorkingHours } from '../../contract/desk-calendar.routes'
import type { StaffUser } from '../../contract/staff.routes'
import { addDays, BLOCK_REFUSAL_TEXT, byDate, checkBlock, weekDates } from '../../domain/desk/week'
import { existsInLondon, londonDateOf, londonToUtc } from '../../domain/time'
import { firstLines, leftToPay, paymentLinesRefusalText, paymentsOfLines, withLine, withoutLine, type PaymentLine } from '../../domain/desk/payment-lines'
import { currencyOrDefault, formatMoney } from '../../domain/pricing/money'
import { blockSeries, SERIES_REFUSAL_TEXT, type RepeatEvery } from '../../domain/desk/block-series'
import type { Exec } from './app-services'
import { enterAsStaff } from './staff-entry'

/** One day of the week view: its working hours and breaks, bookings and blocks, in time order. */
export interface WeekDay {
  date: string
  hours: WorkingHours[]
  breaks: WorkingHours[]
  off: boolean
  bookings: DayBooking[]
  blocks: TimeBlock[]
}

export interface BlockForm {
  type: BlockType
  date: string
  /** the date the block ends on (leave over several days); the start's date by default */
  endDate: string
  start: string
  end: string
  note: string
  /** 'none', or how the block repeats until `until` (a London date) */
  repeat: 'none' | RepeatEvery
  until: string
  error?: string
}

/** The checkout's payment lines (a split bill: part card, part cash, part voucher), as typed. */
export interface CheckoutForm {
  lines: PaymentLine[]
  error?: string
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/
const DATE = /^\d{4}-\d{2}-\d{2}$/

export const BLOCK_FORM_TEXT = {
  time: 'Enter the start and end as HH:mm.',
  date: 'Choose the date of the block.',
  until: 'Choose the last date the block repeats on.',
} as const

/**
 * The desk's week view (/staff/week, issue 29): one practitioner's week (Monday to Sunday) at a glance
 * (working hours, bookings, blocks), time blocked from the desk (a break, a meeting, leave) and removed,
 * and the checkout of a booking (its balance split over payment lines: card on file, the terminal, cash,
 * gift vouchers; the deposit refunded). A practitioner's login sees only their own week.
 */
@injectable()
export class StaffWeekViewModel {
  signedIn = false
  staff?: StaffUser = undefined
  date = ''
  location = ''
  locations: { id: string; name: string }[] = []
  practitioners: { id: string; name: string }[] = []
  practitioner = ''
  week?: PractitionerWeek = undefined
  loading = false
  error?: string = undefined
  notice?: string = undefined
  blockForm?: BlockForm = undefined
  /** a block of a repeating series whose removal asks how much goes: it, it and the later ones, or the series */
  removing?: TimeBlock = undefined
  /** the booking whose checkout is open, with its balance once loaded */
  checkingOut?: DayBooking = undefined
  checkout?: Checkout = undefined
  checkoutForm?: CheckoutForm = undefined
  busy = false

  constructor(
    @inject(StaffMe) private readonly me: Exec<StaffMe>,
    @inject(ListLocations) private readonly listLocations: Exec<ListLocations>,
    @inject(ListRota) private readonly listRota: Exec<ListRota>,
    @inject(LoadPractitionerWeek) private readonly loadWeek: Exec<LoadPractitionerWeek>,
    @inject(AddBlock) private readonly addBlock: Exec<AddBlock>,
    @inject(RemoveBlock) private readonly removeBlockCall: Exec<RemoveBlock>,
    @inject(LoadCheckout) private readonly loadCheckout: Exec<LoadCheckout>,
    @inject(TakeBalance) private readonly takeBalance: Exec<TakeBalance>,
    @inject(RefundDeposit) private readonly refund: Exec<RefundDeposit>,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(AddBlockSeries) private readonly addSeries: Exec<AddBlockSeries>,
  ) {
    type Deps = 'me' | 'listLocations' | 'listRota' | 'loadWeek' | 'addBlock' | 'removeBlockCall' | 'loadCheckout' | 'takeBalance' | 'refund' | 'tokens' | 'clock' | 'addSeries'
    makeAutoObservable<StaffWeekViewModel, Deps>(this, {
      me: false, listLocations: false, listRota: false, loadWeek: false, addBlock: false, removeBlockCall: false, loadCheckout: false, takeBalance: false, refund: false, tokens: false, clock: false, addSeries: false,
    })
  }

  get isAdmin(): boolean {
    return this.staff?.role === 'admin'
  }

  /** The seven days of the week shown, Monday first, each with what falls on it. */
  get days(): WeekDay[] {
    const week = this.week
    if (!week) return []
    const dates = weekDates(week.from)
    const hours = byDate(dates, week.hours)
    const breaks = byDate(dates, week.breaks)
    const bookings = byDate(dates, week.bookings)
    const blocks = byDate(dates, week.blocks)
    return dates.map((date) => ({ date, hours: hours.get(date)!, breaks: breaks.get(date)!, off: week.daysOff.includes(date), bookings: bookings.get(date)!, blocks: blocks.get(date)! }))
  }

  /** Opens the week of the date (default today) for the chosen or only practitioner. */
  async enter(date?: string, practitioner?: string): Promise<void> {
    this.date = date && DATE.test(date) ? date : this.date || londonDateOf(this.clock.now())
    if (practitioner) this.practitioner = practitioner
    this.signedIn = this.tokens.get() !== null
    if (!this.signedIn) return
    const [entry, locations] = await Promise.all([enterAsStaff(this.tokens, this.me), this.listLocations.execute()])
    runInAction(() => {
      if (E.isRight(locations)) {
        this.locations = locations.right.clinics.map((c) => ({ id: c.id, name: c.name ?? c.accountName }))
        if (!this.location && this.locations[0]) this.location = this.locations[0].id
      }
      Object.assign(this, entry)
    })
    if (!this.staff) return
    await this.loadPractitioners()
    await this.load()
  }

  /** Who works at the location during the week (the rota of each day, once each). */
  async loadPractitioners(): Promise<void> {
    if (!this.location) return
    const answers = await Promise.all(weekDates(this.date).map((d) => this.listRota.execute(d, this.location)))
    runInAction(() => {
      const seen = new Map<string, string>()
      for (const a of answers) if (E.isRight(a)) for (const p of a.right) seen.set(p.id, p.name)
      const own = this.staff?.practitionerId
      if (own && !seen.has(own)) seen.set(own, this.staff!.displayName)
      this.practitioners = [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
      if (!this.practitioners.some((p) => p.id === this.practitioner)) this.practitioner = own ?? this.practitioners[0]?.id ?? ''
    })
  }

  async load(): Promise<void> {
    if (!this.practitioner) {
      this.week = undefined
      return
    }
    this.loading = true
    this.error = undefined
    const result = await this.loadWeek.execute({ practitioner: this.practitioner, date: this.date })
    runInAction(() => {
      this.loading = false
      if (E.isLeft(result)) this.failed(result.left)
      else this.week = result.right
    })
  }

  async setLocation(id: string): Promise<void> {
    this.location = id
    await this.loadPractitioners()
    await this.load()
  }

  async setPractitioner(id: string): Promise<void> {
    this.practitioner = id
    await this.load()
  }

  async setDate(date: string): Promise<void> {
    this.date = date
    await this.load()
  }

  async shiftWeek(weeks: number): Promise<void> {
    await this.setDate(addDays(this.date, 7 * weeks))
  }

  openBlock(date: string): void {
    this.blockForm = { type: 'Block', date, endDate: date, start: '', end: '', note: '', repeat: 'none', until: addDays(date, 28) }
    this.notice = undefined
  }

  setBlock<K extends Exclude<keyof BlockForm, 'error'>>(field: K, value: BlockForm[K]): void {
    if (!this.blockForm) return
    // Moving the start's date moves a one-day block's end date with it.
    const follows = field === 'date' && this.blockForm.endDate === this.blockForm.date
    this.blockForm = { ...this.blockForm, [field]: value, ...(follows ? { endDate: value as string } : {}), error: undefined }
  }

  closeBlock(): void {
    this.blockForm = undefined
  }

  /** Blocks the time typed in the dialog; a refusal (an overlap) stays in the dialog. */
  async saveBlock(): Promise<void> {
    const form = this.blockForm
    if (!form) return
    if (!DATE.test(form.date) || !DATE.test(form.endDate)) return this.blockError(BLOCK_FORM_TEXT.date)
    if (!TIME.test(form.start) || !TIME.test(form.end) || !existsInLondon(form.date, form.start) || !existsInLondon(form.endDate, form.end)) return this.blockError(BLOCK_FORM_TEXT.time)
    const start = londonToUtc(form.date, form.start)
    const end = londonToUtc(form.endDate, form.end)
    const checked = checkBlock(start, end)
    if (E.isLeft(checked)) return this.blockError(BLOCK_REFUSAL_TEXT[checked.left._tag])
    const repeat = form.repeat
    if (repeat !== 'none') {
      if (!DATE.test(form.until)) return this.blockError(BLOCK_FORM_TEXT.until)
      const series = blockSeries(start, end, repeat, form.until)
      if (E.isLeft(series)) return this.blockError(SERIES_REFUSAL_TEXT[series.left._tag])
    }
    this.busy = true
    const body = {
      practitioner: this.practitioner,
      type: form.type,
      start: start.toISOString(),
      end: end.toISOString(),
      ...(this.location ? { location: this.location } : {}),
      ...(form.note.trim() ? { note: form.note.trim() } : {}),
    }
    const result = repeat === 'none' ? E.map((b: TimeBlock) => [b])(await this.addBlock.execute(body)) : await this.addSeries.execute({ ...body, every: repeat, until: form.until })
    runInAction(() => {
      this.busy = false
      if (E.isLeft(result)) return this.blockError(result.left.message)
      this.blockForm = undefined
      const until = form.endDate === form.date ? form.end : `${form.endDate} ${form.end}`
      const times = result.right.length > 1 ? `, ${result.right.length} times until ${form.until}` : ''
      this.notice = `${form.type === 'Leave' ? 'Leave' : form.type === 'Break' ? 'Break' : 'Time'} blocked ${form.start}–${until}${times}.`
    })
    if (E.isRight(result)) await this.load()
  }

  /**
   * Removes a block. A block of a repeating series first asks (removing): this block only, this and
   * the following ones, or the whole series; the answer calls again with that scope.
   */
  async removeBlock(block: TimeBlock, scope?: RemoveScope): Promise<void> {
    if (block.seriesId && scope === undefined) {
      this.removing = block
      return
    }
    this.busy = true
    const result = await this.removeBlockCall.execute(block.id, scope)
    runInAction(() => {
      this.busy = false
      this.removing = undefined
      if (E.isLeft(result)) this.failed(result.left)
      else this.notice = scope === 'series' || scope === 'following' ? `${result.right.message ?? 'Blocks removed.'} The time is bookable again.` : 'Block removed: the time is bookable again.'
    })
    if (E.isRight(result)) await this.load()
  }

  closeRemove(): void {
    this.removing = undefined
  }

  async openCheckout(booking: DayBooking): Promise<void> {
    this.checkingOut = booking
    this.checkout = undefined
    this.checkoutForm = undefined
    this.notice = undefined
    const result = await this.loadCheckout.execute(booking.id)
    runInAction(() => {
      if (this.checkingOut?.id !== booking.id) return
      if (E.isLeft(result)) {
        this.checkoutForm = { lines: firstLines(0), error: result.left.message }
        return
      }
      this.checkout = result.right
      this.checkoutForm = { lines: firstLines(result.right.balance) }
    })
  }

  /** What the lines typed leave to pay (below 0 when they come to more than the balance). */
  get leftToPay(): number {
    return this.checkout && this.checkoutForm ? leftToPay(this.checkout.balance, this.checkoutForm.lines) : 0
  }

  setLine<K extends keyof PaymentLine>(index: number, field: K, value: PaymentLine[K]): void {
    const form = this.checkoutForm
    if (form && form.lines[index]) this.checkoutForm = { lines: form.lines.map((l, i) => (i === index ? { ...l, [field]: value } : l)) }
  }

  /** Another payment line (a split bill), for what is still left to pay. */
  addLine(): void {
    if (this.checkoutForm && this.checkout) this.checkoutForm = { lines: withLine(this.checkout.balance, this.checkoutForm.lines) }
  }

  removeLine(index: number): void {
    if (this.checkoutForm) this.checkoutForm = { lines: withoutLine(this.checkoutForm.lines, index) }
  }

  closeCheckout(): void {
    this.checkingOut = undefined
    this.checkout = undefined
    this.checkoutForm = undefined
  }

  /** Takes the balance with the payment lines: each readable, together exactly the balance (the server checks again). */
  async pay(): Promise<void> {
    const booking = this.checkingOut
    const form = this.checkoutForm
    const checkout = this.checkout
    if (!booking || !form || !checkout) return
    const read = paymentsOfLines(checkout.balance, form.lines)
    if (E.isLeft(read)) return this.checkoutError(paymentLinesRefusalText(read.left, form.lines.length, (n) => formatMoney(n, currencyOrDefault(checkout.currency))))
    const payments = read.right
    this.busy = true
    const result = await this.takeBalance.execute(booking.id, { payments })
    runInAction(() => {
      this.busy = false
      if (E.isLeft(result)) return this.checkoutError(result.left.message)
      this.checkout = result.right
      this.checkoutForm = { lines: firstLines(result.right.balance) }
      this.notice = `Paid in full: ${booking.customer}, ${booking.service}.`
    })
  }

  async refundDeposit(): Promise<void> {
    const booking = this.checkingOut
    if (!booking) return
    this.busy = true
    const result = await this.refund.execute(booking.id)
    runInAction(() => {
      this.busy = false
      if (E.isLeft(result)) return this.checkoutError(result.left.message)
      this.checkout = result.right
      this.checkoutForm = { lines: firstLines(result.right.balance) }
      this.notice = 'Deposit refunded.'
    })
  }

  private blockError(message: string): void {
    if (this.blockForm) this.blockForm = { ...this.blockForm, error: message }
  }

  private checkoutError(message: string): void {
    if (this.checkoutForm) this.checkoutForm = { ...this.checkoutForm, error: message }
  }

  /** A 401 ends the staff session: back to the desk's sign-in. */
  private failed(error: AppError): void {
    this.signedIn = this.tokens.get() !== null
    this.error = error.message
  }
}
