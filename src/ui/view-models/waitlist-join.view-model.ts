import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'
import { JoinWaitlist } from '../../application/use-cases/waitlist.use-case'
import type { JoinWaitlistBody, WaitlistEntry } from '../../contract/waitlist.codecs'
import { DAY_PARTS, WAITLIST_MAX_DAYS_AHEAD, type DayPart } from '../../domain/waitlist/waitlist'
import { addDaysToDate, londonDateOf } from '../../domain/time'
import type { Exec } from './app-services'
import { BookingViewModel } from './booking.view-model'
import { SessionViewModel } from './session.view-model'

export const WAITLIST_JOIN_TITLE = 'Join the waitlist'
export const WAITLIST_JOINED_TITLE = "You're on the waitlist"
export const WAITLIST_JOINED_TEXT =
  "We'll email you when a time that suits you comes free, and hold it for you for a short while. You can see or remove this in My account."
export const WAITLIST_PARTS_ERROR = 'Choose at least one part of the day.'
export const WAITLIST_FROM_ERROR = 'Choose a date from today.'
export const WAITLIST_TO_ERROR = 'Choose a date on or after the first date, up to 8 weeks ahead.'
/** How far the range reaches by default from its first day (the customer may widen it up to 8 weeks). */
export const WAITLIST_DEFAULT_DAYS = 13

export const DAY_PART_LABELS: Readonly<Record<DayPart, { label: string; hint: string }>> = {
  morning: { label: 'Morning', hint: 'before 12:00' },
  afternoon: { label: 'Afternoon', hint: '12:00 to 17:00' },
  evening: { label: 'Evening', hint: 'from 17:00' },
}

/** 'any' or a practitioner id. */
export type WaitlistPractitioner = string

export interface WaitlistForm {
  practitioner: WaitlistPractitioner
  from: string
  to: string
  parts: DayPart[]
}

export interface WaitlistFormErrors {
  from?: string
  to?: string
  parts?: string
}

/** The join form's rules (issue 32): from today, a range of at most 8 weeks ahead, at least one part of the day. */
export function waitlistFormErrors(form: Pick<WaitlistForm, 'from' | 'to' | 'parts'>, today: string): WaitlistFormErrors {
  const last = addDaysToDate(today, WAITLIST_MAX_DAYS_AHEAD)
  const errors: WaitlistFormErrors = {}
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.from) || form.from < today || form.from > last) errors.from = WAITLIST_FROM_ERROR
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.to) || form.to < form.from || form.to > last) errors.to = WAITLIST_TO_ERROR
  if (form.parts.length === 0) errors.parts = WAITLIST_PARTS_ERROR
  return errors
}

/**
 * 'Join the waitlist' from the time step (issue 32): when the month has no availability or a day has
 * no times, a signed-in customer waits for the basket's services at the location, with a practitioner
 * or any, a date range (up to 8 weeks ahead) and parts of the day. A signed-out customer gets the login
 * modal first, then the form. The server keeps one entry per basket (409 with its text).
 */
@injectable()
export class WaitlistJoinViewModel {
  open = false
  form: WaitlistForm = { practitioner: 'any', from: '', to: '', parts: [...DAY_PARTS] }
  /** shown once the customer tried to send the form */
  showErrors = false
  submitting = false
  /** the server's refusal, shown in the dialog */
  failure?: string = undefined
  /** the entry the server made: the dialog says so */
  joined?: WaitlistEntry = undefined

  constructor(
    @inject(JoinWaitlist) private readonly join: Exec<JoinWaitlist>,
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(PORTS.Clock) private readonly clock: Clock,
  ) {
    makeAutoObservable<WaitlistJoinViewModel, 'join' | 'booking' | 'session' | 'clock'>(this, { join: false, booking: false, session: false, clock: false })
  }

  get today(): string {
    return londonDateOf(new Date(this.clock.now()))
  }

  /** The last day a range may reach. */
  get lastDay(): string {
    return addDaysToDate(this.today, WAITLIST_MAX_DAYS_AHEAD)
  }

  /** Whether the time step offers to join: a basket of services (not a reschedule, a course or a voucher purchase) at a location. */
  get available(): boolean {
    const b = this.booking
    return b.view.location !== undefined && b.view.basket.length > 0 && b.view.basket.every((i) => i.kind !== 'course') && !b.view.isReschedule && !b.view.isGiftVoucherPurchase
  }

  /** The basket's chosen practitioners (one each), then 'Any practitioner'. */
  get practitionerOptions(): { value: WaitlistPractitioner; label: string }[] {
    const chosen = new Map<string, string>()
    for (const item of this.booking.view.basket) if (!item.anyStaff && item.staff) chosen.set(item.staff.id, item.staff.displayName)
    return [...[...chosen].map(([value, label]) => ({ value, label })), { value: 'any', label: 'Any practitioner' }]
  }

  /** What the customer waits for: 'Massage, Facial at Clinic'. */
  get summary(): string {
    const services = this.booking.view.basket.map((i) => i.service.name).join(', ')
    return this.booking.view.location ? `${services} at ${this.booking.view.location.accountName}` : services
  }

  get errors(): WaitlistFormErrors {
    return this.showErrors ? waitlistFormErrors(this.form, this.today) : {}
  }

  /**
   * 'Join the waitlist': the form (from `from`, a looked-at day or month, else today), after the
   * login modal when signed out. The practitioner is the basket's chosen one, else any.
   */
  start(from?: string): void {
    if (!this.available) return
    this.session.requireLogin({ then: () => this.openForm(from) })
  }

  private openForm(from?: string): void {
    const first = from && from > this.today && from <= this.lastDay ? from : this.today
    const to = addDaysToDate(first, WAITLIST_DEFAULT_DAYS)
    this.form = {
      practitioner: this.practitionerOptions[0].value,
      from: first,
      to: to > this.lastDay ? this.lastDay : to,
      parts: [...DAY_PARTS],
    }
    this.showErrors = false
    this.failure = undefined
    this.joined = undefined
    this.open = true
  }

  setPractitioner(value: WaitlistPractitioner): void {
    this.form.practitioner = value
  }

  setFrom(value: string): void {
    this.form.from = value
    // A range that would end before it starts follows its first day.
    if (/^\d{4}-\d{2}-\d{2}$/.test(value) && this.form.to < value) this.form.to = value
  }

  setTo(value: string): void {
    this.form.to = value
  }

  /** The parts of the day in their order (morning, afternoon, evening), whatever order they were ticked in. */
  setParts(parts: readonly string[]): void {
    this.form.parts = DAY_PARTS.filter((p) => parts.includes(p))
  }

  get body(): JoinWaitlistBody | undefined {
    const clinic = this.booking.view.location
    if (!clinic) return undefined
    return {
      clinic: clinic.id,
      services: this.booking.view.basket.map((i) => i.service.id),
      practitioner: this.form.practitioner === 'any' ? null : this.form.practitioner,
      from: this.form.from,
      to: this.form.to,
      parts: [...this.form.parts],
    }
  }

  async submit(): Promise<void> {
    this.showErrors = true
    this.failure = undefined
    const body = this.body
    if (!body || Object.keys(this.errors).length > 0 || this.submitting) return
    this.submitting = true
    const result = await this.join.execute(body)
    runInAction(() => {
      this.submitting = false
      if (E.isLeft(result)) this.failure = result.left.message
      else this.joined = result.right
    })
  }

  close(): void {
    this.open = false
  }
}
