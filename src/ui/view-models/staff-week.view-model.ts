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
import { AddBlock, AddBlockSeries, LoadPractitionerWeek, RemoveBlock } from '../../application/use-cases/desk-calendar.use-case'
import type { DayBooking } from '../../contract/admin.routes'
import type { BlockType, PractitionerWeek, RemoveScope, TimeBlock, WorkingHours } from '../../contract/desk-calendar.routes'
import type { StaffUser } from '../../contract/staff.routes'
import { addDays, BLOCK_REFUSAL_TEXT, byDate, checkBlock, weekDates } from '../../domain/desk/week'
import { existsInLondon, londonDateOf, londonToUtc } from '../../domain/time'
import { blockSeries, SERIES_REFUSAL_TEXT, type RepeatEvery } from '../../domain/desk/block-series'
import type { Exec } from './app-services'
import { enterAsStaff } from './staff-entry'
import { StaffCheckoutViewModel } from './staff-checkout.view-model'

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
 * and the checkout of a booking (its own view model, StaffCheckoutViewModel, the day view has one too;
 * its payments' notices show here). A practitioner's login sees only their own week.
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
  busy = false

  constructor(
    @inject(StaffMe) private readonly me: Exec<StaffMe>,
    @inject(ListLocations) private readonly listLocations: Exec<ListLocations>,
    @inject(ListRota) private readonly listRota: Exec<ListRota>,
    @inject(LoadPractitionerWeek) private readonly loadWeek: Exec<LoadPractitionerWeek>,
    @inject(AddBlock) private readonly addBlock: Exec<AddBlock>,
    @inject(RemoveBlock) private readonly removeBlockCall: Exec<RemoveBlock>,
    @inject(StaffCheckoutViewModel) readonly checkout: StaffCheckoutViewModel,
    @inject(ADMIN_PORTS.StaffTokenStore) private readonly tokens: TokenStore,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(AddBlockSeries) private readonly addSeries: Exec<AddBlockSeries>,
  ) {
    type Deps = 'me' | 'listLocations' | 'listRota' | 'loadWeek' | 'addBlock' | 'removeBlockCall' | 'tokens' | 'clock' | 'addSeries'
    makeAutoObservable<StaffWeekViewModel, Deps>(this, {
      me: false, listLocations: false, listRota: false, loadWeek: false, addBlock: false, removeBlockCall: false, checkout: false, tokens: false, clock: false, addSeries: false,
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

  /** Opens a booking's checkout; what is paid or refunded there is this page's notice, and the week is read again. */
  async openCheckout(booking: DayBooking): Promise<void> {
    this.notice = undefined
    await this.checkout.open(booking, (notice) => {
      runInAction(() => (this.notice = notice))
      // The week read again: its cards show what was paid now, as the day view's do.
      void this.load()
    })
  }

  private blockError(message: string): void {
    if (this.blockForm) this.blockForm = { ...this.blockForm, error: message }
  }

  /** A 401 ends the staff session: back to the desk's sign-in. */
  private failed(error: AppError): void {
    this.signedIn = this.tokens.get() !== null
    this.error = error.message
  }
}
