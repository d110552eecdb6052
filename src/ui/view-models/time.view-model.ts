import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { type ChainSlot } from './views'
import { GetAvailableDays, GetTimeSlots } from '../../application/use-cases/availability.use-case'
import { BookingViewModel } from './booking.view-model'
import { ToastViewModel } from './toast.view-model'
import { SlotHoldViewModel } from './slot-hold.view-model'
import { formatLondonTime, londonDateOf, utcToLondon } from '../../domain/time'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'
import { holdBannerText, type HeldTimeKey } from '../../domain/booking/hold'
import { calendarOpening, shiftMonth, type MonthDays } from '../../domain/booking/calendar-month'

export { shiftMonth }

export const NO_AVAILABILITY_TEXT = 'There is no availability for your selection this month.'
export const NO_AVAILABILITY_HINT = "Please go back and select 'Any staff' and/or remove services."

export interface SlotGroup {
  label: 'Morning' | 'Afternoon' | 'Evening'
  slots: { chain: ChainSlot[]; label: string; valid: boolean }[]
}

/** Time step: month calendar of available days, then the hour slots (spec section 2 'Time'). */
@injectable()
export class TimeViewModel {
  /** 'yyyy-MM' */
  month: string
  availableDays: string[] = []
  loadingDays = false
  noAvailability = false
  slots: ChainSlot[][] = []
  loadingSlots = false
  /** The available days or the times could not be loaded: the message, shown with a retry. */
  daysFailed?: string = undefined
  slotsFailed?: string = undefined
  /** The calendar's keyboard focus ('yyyy-MM-dd'); arrow keys move it, crossing into another month loads it. */
  focusedDate: string
  /** the clock of the hold countdown (watchHold ticks it) */
  now: number
  /** counts the available-days requests: only the newest one's answer is shown */
  private daysRequest = 0
  private slotsRequest = 0
  /** what `availableDays` answers (clinic, month, basket): days of another basket are never offered */
  private daysFor?: string = undefined
  /**
   * The months (with the basket asked for) whose 'No availability' was shown: moving back into one
   * with the arrow keys or the month buttons does not open the dialog again and take the focus.
   */
  private noAvailabilityShown = new Set<string>()
  /** The customer moved the calendar to a month (arrow keys, the month buttons): it opens there again. */
  private monthChosen = false

  constructor(
    @inject(GetAvailableDays) private readonly getAvailableDays: Pick<GetAvailableDays, 'execute'>,
    @inject(GetTimeSlots) private readonly getTimeSlots: Pick<GetTimeSlots, 'execute'>,
    @inject(BookingViewModel) readonly booking: BookingViewModel,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(SlotHoldViewModel) private readonly slotHold: Pick<SlotHoldViewModel, 'pick' | 'released' | 'timeStep'>,
  ) {
    this.now = clock.now().getTime()
    this.month = this.today.slice(0, 7)
    this.focusedDate = this.today
    makeAutoObservable<TimeViewModel, 'getAvailableDays' | 'getTimeSlots' | 'toasts' | 'clock' | 'slotHold' | 'daysRequest' | 'slotsRequest' | 'daysFor' | 'noAvailabilityShown' | 'monthChosen'>(this, { getAvailableDays: false, getTimeSlots: false, booking: false, toasts: false, clock: false, slotHold: false, daysRequest: false, slotsRequest: false, daysFor: false, noAvailabilityShown: false, monthChosen: false })
  }

  get today(): string {
    return londonDateOf(new Date(this.clock.now()))
  }

  /** Seconds left of the server's hold of the chosen time (issue 17); undefined until the server holds it. */
  get holdSecondsLeft(): number | undefined {
    const { key, expiresAt } = this.booking.view.held
    // The clock read again too: a hold made since the last tick must not show more than its length.
    return key && expiresAt !== undefined ? Math.max(0, Math.ceil((expiresAt - Math.max(this.now, this.clock.now().getTime())) / 1000)) : undefined
  }

  /** 'Your appointment will be held for m:ss', quiet, the warning colour in the last minute (UI.md). */
  get holdText(): string | undefined {
    const left = this.holdSecondsLeft
    return left === undefined ? undefined : holdBannerText(left)
  }

  /** Ticks the countdown while the step shows; returns the stop. */
  watchHold(): () => void {
    this.now = this.clock.now().getTime()
    return this.clock.every(1000, () => runInAction(() => (this.now = this.clock.now().getTime())))
  }

  get canGoToPreviousMonth(): boolean {
    return this.month > this.today.slice(0, 7)
  }

  isAvailable(date: string): boolean {
    return date >= this.today && this.availableDays.includes(date)
  }

  /** Slots grouped Morning / Afternoon / Evening in London time; invalid ones stay unclickable. */
  get groups(): SlotGroup[] {
    const groups: SlotGroup[] = [
      { label: 'Morning', slots: [] },
      { label: 'Afternoon', slots: [] },
      { label: 'Evening', slots: [] },
    ]
    for (const chain of this.slots) {
      const first = chain[0]
      if (!first) continue
      const time = utcToLondon(new Date(first.startDate)).time
      const hour = Number(time.slice(0, 2))
      const group = hour < 12 ? groups[0] : hour < 17 ? groups[1] : groups[2]
      group.slots.push({ chain, label: formatLondonTime(new Date(first.startDate)), valid: chain.every((s) => s.valid !== false) })
    }
    return groups.filter((g) => g.slots.length > 0)
  }

  /** The customer's own held time is free to them: without its key a reload would hide the chosen time (issue 17). */
  private get ownHold(): { hold?: HeldTimeKey } {
    const key = this.booking.view.held.key
    return key ? { hold: { id: key.id, token: key.token } } : {}
  }

  get selectedStart(): string | undefined {
    return this.booking.view.startTime
  }

  /**
   * The calendar opens (the step shown, the basket changed, 'Try again'): on the month the booking
   * names (the chosen date's, as a reload brings it back: 'No availability' would cover a held time's
   * hours; a month the customer moved to), else on the first month from this one with a free day
   * left, looking a bounded number of months ahead (calendarOpening, domain/booking/calendar-month).
   */
  loadMonth(month?: string): Promise<void> {
    if (month !== undefined) return this.showMonth(month, month)
    const named = this.booking.view.date?.slice(0, 7) ?? (this.monthChosen ? this.month : this.slotHold.timeStep.month())
    return this.showMonth(named ?? this.today.slice(0, 7), named)
  }

  /** The available days of `month`; without `named` the calendar may open on a later month (see loadMonth). */
  private async showMonth(month: string, named: string | undefined): Promise<void> {
    const clinic = this.booking.view.location
    if (!clinic || this.booking.view.basket.length === 0) return
    const today = this.today
    this.month = month
    if (this.focusedDate.slice(0, 7) !== month) this.focusedDate = month === today.slice(0, 7) ? today : `${month}-01`
    this.loadingDays = true
    this.daysFailed = undefined
    this.noAvailability = false
    const request = ++this.daysRequest
    const items = this.booking.view.basket.map((item) => ({ service: item.service.id, practitioner: (item.anyStaff ? undefined : item.staff?.id) ?? null }))
    const askedOf = (m: string) => `${clinic.id}|${m}|${JSON.stringify(items)}`
    // The days shown are another basket's (the booking before, in the same tab; another practitioner):
    // not offered while this basket's are on their way, or a day tapped meanwhile was never this one's.
    if (this.daysFor !== askedOf(month)) this.availableDays = []
    // A hold just released (back from confirm) still counts as taken until its release lands.
    const releasing = this.slotHold.released()
    if (releasing) await releasing
    const loaded: MonthDays[] = []
    let step = calendarOpening({ today, named, loaded })
    while (step._tag === 'Load') {
      const [year, mm] = step.month.split('-').map(Number)
      const result = await this.getAvailableDays.execute({
        clinic: clinic.id,
        month: mm,
        year,
        items,
        // A reschedule's own appointment counts as free: its current day stays available to move within.
        ...(this.booking.view.rescheduleAppointmentId ? { rescheduleId: this.booking.view.rescheduleAppointmentId } : {}),
        ...this.ownHold,
      })
      // The calendar moved on meanwhile (arrow keys, the month buttons): the newest request's answer
      // is the one to show, whichever lands last.
      if (request !== this.daysRequest) return
      if (E.isLeft(result)) {
        runInAction(() => {
          this.loadingDays = false
          this.availableDays = []
          this.daysFailed = result.left.message || 'Something went wrong'
          this.toasts.show(this.daysFailed)
        })
        return
      }
      loaded.push({ month: step.month, days: result.right })
      step = calendarOpening({ today, named, loaded })
    }
    const shown = step
    runInAction(() => {
      this.loadingDays = false
      if (shown.month !== this.month) {
        this.month = shown.month
        this.focusedDate = `${shown.month}-01`
      }
      this.availableDays = [...(loaded.find((m) => m.month === shown.month)?.days ?? [])]
      const asked = askedOf(shown.month)
      this.daysFor = asked
      if (shown.noAvailability && !this.noAvailabilityShown.has(asked)) {
        this.noAvailabilityShown.add(asked)
        this.noAvailability = true
      }
    })
  }

  /** The time step opens (again): each month without availability says so once more. */
  stepEntered(): void {
    this.noAvailabilityShown.clear()
  }

  /** The calendar moved its focus (arrow keys, Page Up/Down, the month buttons). */
  focusDate(date: string): void {
    const target = date < this.today ? this.today : date
    this.focusedDate = target
    if (target.slice(0, 7) !== this.month) {
      this.chooseMonth(target.slice(0, 7))
      void this.loadMonth(target.slice(0, 7))
    }
  }

  dismissNoAvailability(): void {
    this.noAvailability = false
  }

  nextMonth(): Promise<void> {
    return this.loadMonth(this.chooseMonth(shiftMonth(this.month, 1)))
  }

  previousMonth(): Promise<void> {
    if (!this.canGoToPreviousMonth) return Promise.resolve()
    return this.loadMonth(this.chooseMonth(shiftMonth(this.month, -1)))
  }

  /** The customer moved the calendar to `month`: it opens there again, after a reload too (the tab keeps it). */
  private chooseMonth(month: string): string {
    this.monthChosen = true
    this.slotHold.timeStep.keepMonth(month)
    return month
  }

  async pickDate(date: string): Promise<void> {
    if (!this.isAvailable(date)) return
    const clinic = this.booking.view.location
    if (!clinic) return
    this.booking.pickDate(date)
    await this.loadSlots(date)
  }

  /**
   * The hour list shown again (back from confirm, a booking that failed because the time was taken):
   * its slots are loaded afresh, so times taken meanwhile are no longer offered.
   */
  async refreshSlots(): Promise<void> {
    const date = this.booking.view.date
    if (this.booking.view.timeStep !== 'hours' || !date) return
    await this.loadSlots(date)
  }

  private async loadSlots(date: string): Promise<void> {
    const clinic = this.booking.view.location
    if (!clinic) return
    this.loadingSlots = true
    this.slotsFailed = undefined
    this.slots = []
    const request = ++this.slotsRequest
    // Back from confirm releases the customer's hold: asked before the release lands, the server
    // would still count that time as taken and leave it out of the list. (No wait when none is on its way.)
    const releasing = this.slotHold.released()
    if (releasing) await releasing
    const result = await this.getTimeSlots.execute({
      date,
      clinic: clinic.id,
      items: this.booking.view.basket.map((item) => ({ service: item.service.id, practitioner: (item.anyStaff ? undefined : item.staff?.id) ?? null })),
      rescheduleId: this.booking.view.rescheduleAppointmentId,
      ...this.ownHold,
    })
    runInAction(() => {
      // Another day was tapped (or the hours were asked again) meanwhile: only the newest answer is
      // shown, else an older day's times would replace the day chosen and a time tapped would not stick.
      if (request !== this.slotsRequest) return
      this.loadingSlots = false
      if (E.isLeft(result)) {
        this.slotsFailed = result.left.message || 'Something went wrong'
        this.toasts.show(this.slotsFailed)
        return
      }
      this.slots = result.right
        .map((c) => c.parts.map((p): ChainSlot => ({ startDate: p.startDate, endDate: p.endDate, practitioner: p.practitioner, valid: c.valid && p.valid })))
        .filter((chain) => isChained(chain) && chain.length === this.booking.view.basket.length)
    })
  }

  /** A time picked: chosen at once and held on the server (issue 17); a time taken meanwhile: the hours again, afresh. */
  async choose(chain: ChainSlot[]): Promise<void> {
    if (!chain.every((s) => s.valid !== false)) return
    if ((await this.slotHold.pick(chain)) === 'refused') await this.refreshSlots()
  }
}

/** Each following service starts right after the previous one ends. */
export function isChained(chain: ChainSlot[]): boolean {
  return chain.every((slot, i) => i === 0 || new Date(slot.startDate).getTime() === new Date(chain[i - 1].endDate).getTime())
}
