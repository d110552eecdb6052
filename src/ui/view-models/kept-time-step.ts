import { compareStructural, reaction } from 'mobx'
import type { KeyValueStorage } from '../../application/ports/storage.port'
import { isKeptTimeStepUrl, keptTimeStepOf, type WizardPlace } from '../../domain/booking/wizard'
import type { BookingViewModel } from './booking.view-model'
import type { RouteState } from './booking-views'
import type { PractitionerView, ServiceView } from './views'
import { isRecord, KeptState } from './kept-state'

type Place = WizardPlace<ServiceView, PractitionerView>

/** What the tab keeps of its time step: the wizard's place (domain's keptTimeStepOf) and the calendar's month moved to. */
interface Kept {
  place: Place
  month?: string
}
export const KEPT_TIME_STEP_KEY = 'timeStep'

const isKept = (v: unknown): v is Kept => isRecord(v) && isRecord(v.place) && Array.isArray(v.place.basket)

/** What the time step shows times for: the clinic, and each service with its practitioner (or any). */
const choicesOf = (place: Place): string =>
  JSON.stringify([place.locationId, place.basket.map((i) => [i.service.id, i.anyStaff ? 'any' : (i.staff?.id ?? null)])])

/**
 * The time step before a time is picked, kept in the tab's session storage (the safe port: missing
 * storage keeps nothing): its URL is the service's, so a reload without it lands on the staff step
 * with the practitioner, month and day lost. Written on every change of the wizard that changes the
 * place (removed when there is none: another step, a time picked); read back by a reload of its URL.
 */
export class KeptTimeStep {
  private readonly kept: KeptState<Kept>

  constructor(
    private readonly booking: Pick<BookingViewModel, 'state' | 'restoreTimeStep'>,
    storage?: KeyValueStorage,
  ) {
    this.kept = new KeptState(KEPT_TIME_STEP_KEY, isKept, storage)
    reaction(() => keptTimeStepOf(this.booking.state), (place) => this.keep(place), { equals: compareStructural })
  }

  /** The calendar moved to `month` by the customer: a reload opens it there again (with no day picked). */
  keepMonth(month: string): void {
    const kept = this.kept.read()
    if (kept && this.isCurrent(kept)) this.kept.write({ ...kept, month })
  }

  /** The month kept with the time step shown now, if the customer moved the calendar to it. */
  month(): string | undefined {
    const kept = this.kept.read()
    return kept && this.isCurrent(kept) ? kept.month : undefined
  }

  /**
   * A reload of the kept time step's URL into an empty wizard: its basket and day come back (the
   * step follows once the URL is derived again). False when nothing kept belongs to this URL.
   */
  restore(route: RouteState): boolean {
    const kept = this.kept.read()
    if (!kept || this.booking.state.basket.length > 0 || !isKeptTimeStepUrl(kept.place, route)) return false
    this.booking.restoreTimeStep(kept.place.basket, kept.place.date)
    return true
  }

  /** The month belongs to the time step shown: same clinic, services and practitioners. */
  private isCurrent(kept: Kept): boolean {
    const now = keptTimeStepOf(this.booking.state)
    return now !== undefined && choicesOf(now) === choicesOf(kept.place)
  }

  private keep(place: Place | undefined): void {
    if (!place) return this.kept.clear()
    const kept = this.kept.read()
    // The same choices on another day keep the month moved to (a day picked names its own).
    const month = kept && choicesOf(kept.place) === choicesOf(place) ? kept.month : undefined
    this.kept.write({ place, ...(month ? { month } : {}) })
  }
}
