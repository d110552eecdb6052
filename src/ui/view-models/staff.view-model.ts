import { makeAutoObservable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { type PractitionerView } from './views'
import { ListPractitioners } from '../../application/use-cases/availability.use-case'
import { BookingViewModel } from './booking.view-model'
import { ToastViewModel } from './toast.view-model'
import { formatLondonShortDateTime, londonMonthOf } from '../../domain/time'
import { GetNextAvailable } from '../../application/use-cases/next-available.use-case'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'

export const STAFF_EMPTY_TEXT = 'This service is currently unavailable'
export const ANY_PRACTITIONER = 'Any practitioner'
/** A reschedule's staff step: on to the times with the practitioner shown chosen. */
export const KEEP_PRACTITIONER_LABEL = 'Continue to the times'

/** 'Next: Tue 2 Dec, 10:15' (London) for an earliest free start. */
export function nextLabel(startDate: string): string {
  return `Next: ${formatLondonShortDateTime(new Date(startDate))}`
}

/** Initials for an avatar without a picture. */
export function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((p) => p[0]?.toUpperCase() ?? '').join('')
}

/** Staff step: practitioners of the active service, 'Any practitioner' when several exist. */
@injectable()
export class StaffViewModel {
  practitioners: PractitionerView[] = []
  loading = false
  loadedFor?: string = undefined
  /** The practitioners could not be loaded (server down, network): the message, with a retry. */
  failed?: string = undefined
  infoPractitioner?: PractitionerView = undefined
  /** Earliest free start per practitioner id ('any' for Any practitioner), loaded after the list. */
  nextStarts = new Map<string, string>()

  constructor(
    @inject(ListPractitioners) private readonly listPractitioners: Pick<ListPractitioners, 'execute'>,
    @inject(BookingViewModel) readonly booking: BookingViewModel,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(GetNextAvailable) private readonly getNextAvailable: Pick<GetNextAvailable, 'execute'>,
  ) {
    makeAutoObservable<StaffViewModel, 'listPractitioners' | 'toasts' | 'clock' | 'getNextAvailable'>(this, {
      listPractitioners: false,
      booking: false,
      toasts: false,
      clock: false,
      getNextAvailable: false,
    })
  }

  /** The 'Next: …' line of a row ('any' for Any practitioner); undefined until loaded, when none or on failure. */
  nextOf(id: string): string | undefined {
    const start = this.nextStarts.get(id)
    return start === undefined ? undefined : nextLabel(start)
  }

  get showAny(): boolean {
    return this.practitioners.length > 1
  }

  /** 'From' on the Any practitioner price when prices differ. */
  get anyPrice(): { amount: number; from: boolean } | undefined {
    const prices = this.practitioners.map((p) => p.grossPrice ?? this.booking.view.activeItem?.service.defaultPrice ?? 0)
    if (prices.length === 0) return undefined
    const min = Math.min(...prices)
    return { amount: min, from: prices.some((p) => p !== min) }
  }

  get emptyText(): string | undefined {
    return !this.loading && this.failed === undefined && this.loadedFor !== undefined && this.practitioners.length === 0 ? STAFF_EMPTY_TEXT : undefined
  }

  get selectedId(): string | undefined {
    const item = this.booking.view.activeItem
    if (!item) return undefined
    return item.anyStaff ? 'any' : item.staff?.id
  }

  async load(): Promise<void> {
    const item = this.booking.view.activeItem
    const clinic = this.booking.view.location
    if (!item || !clinic) return
    const key = `${clinic.id}:${item.service.id}`
    if (this.loadedFor === key) return
    this.loading = true
    this.failed = undefined
    this.practitioners = []
    this.nextStarts = new Map()
    const { year, month } = londonMonthOf(this.clock.now())
    const result = await this.listPractitioners.execute({ clinic: clinic.id, service: item.service.id, month, year })
    runInAction(() => {
      this.loading = false
      if (E.isLeft(result)) {
        // Not remembered as loaded: 'Try again' (or coming back to the step) asks again.
        this.loadedFor = undefined
        this.failed = result.left.message || 'Something went wrong'
        this.toasts.show(this.failed)
        return
      }
      this.loadedFor = key
      this.failed = undefined
      this.practitioners = result.right
      // Book again names the practitioner alone (id and name): the list gives their price and length.
      const named = item.staff
      const listed = named && named.grossPrice === undefined ? result.right.find((p) => p.id === named.id) : undefined
      if (listed) this.booking.practitionerListed(item.service.id, listed)
      void this.loadNext(key, clinic.id, item.service.id)
      // One practitioner is auto-selected, unless the customer has moved on while the list was on its
      // way: the item as it is now, not as it was when asked (choosing again would clear a time picked since).
      const now = this.booking.view.activeItem
      if (result.right.length === 1 && now?.service.id === item.service.id && !now.staff && !now.anyStaff && !this.booking.view.isReschedule) {
        this.booking.choosePractitioner(result.right[0])
      }
    })
  }

  /** After the list: a failure only leaves the lines out (they are extra, never in the way). */
  private async loadNext(key: string, clinic: string, service: string): Promise<void> {
    const result = await this.getNextAvailable.execute({ clinic, services: [service] })
    if (E.isLeft(result) || this.loadedFor !== key) return
    runInAction(() => {
      const starts = new Map(result.right.practitioners.map((p) => [p.practitioner, p.startDate]))
      if (result.right.any !== null) starts.set('any', result.right.any)
      this.nextStarts = starts
    })
  }

  priceOf(p: PractitionerView): number {
    return p.grossPrice ?? this.booking.view.activeItem?.service.defaultPrice ?? 0
  }

  durationOf(p: PractitionerView): number {
    return p.duration ?? this.booking.view.activeItem?.service.defaultDuration ?? 0
  }

  choose(p: PractitionerView | 'any'): void {
    this.booking.choosePractitioner(p)
  }

  showInfo(p: PractitionerView | undefined): void {
    this.infoPractitioner = p
  }
}
