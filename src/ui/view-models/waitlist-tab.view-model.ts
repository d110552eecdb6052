import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { LeaveWaitlist, ListMyWaitlist } from '../../application/use-cases/waitlist.use-case'
import type { WaitlistEntry } from '../../contract/waitlist.codecs'
import { formatLondonDate, formatLondonTime, londonToUtc } from '../../domain/time'
import { DAY_PARTS } from '../../domain/waitlist/waitlist'
import type { Exec } from './app-services'
import { ToastViewModel } from './toast.view-model'
import { DAY_PART_LABELS } from './waitlist-join.view-model'

export const NO_WAITLIST = 'You are not on the waitlist for anything.'
export const WAITLIST_REMOVE_TITLE = 'Remove from the waitlist?'
export const WAITLIST_REMOVED = 'Removed from the waitlist'
/** An offer taken by a booking that waits for its deposit: booked once paid, waiting again if not. */
export const WAITLIST_AWAITING_DEPOSIT = 'Time booked: waiting for your deposit'

export interface WaitlistRow {
  id: string
  services: string
  clinic: string
  practitioner: string
  /** 'dd/MM/yyyy to dd/MM/yyyy' (one date when the range is one day) */
  dates: string
  /** 'Morning, Evening' */
  parts: string
  /** 'Waiting', the open offer ('Time offered: dd/MM/yyyy HH:mm, held until HH:mm'), or its time taken by a booking awaiting the deposit */
  status: string
}

const dayText = (date: string): string => formatLondonDate(londonToUtc(date, '12:00'))

/** One entry as the account's list shows it. */
export function waitlistRow(entry: WaitlistEntry): WaitlistRow {
  const offer = entry.offer
  return {
    id: entry.id,
    services: entry.services.map((s) => s.name).join(', '),
    clinic: entry.clinic.name,
    practitioner: entry.practitioner?.name ?? 'Any practitioner',
    dates: entry.from === entry.to ? dayText(entry.from) : `${dayText(entry.from)} to ${dayText(entry.to)}`,
    parts: DAY_PARTS.filter((p) => entry.parts.includes(p)).map((p) => DAY_PART_LABELS[p].label).join(', '),
    status: offer
      ? `Time offered: ${formatLondonDate(offer.start)} ${formatLondonTime(new Date(offer.start))}, held until ${formatLondonTime(new Date(offer.expiresAt))}`
      : entry.status === 'offered'
        ? WAITLIST_AWAITING_DEPOSIT
        : 'Waiting',
  }
}

/** /app's Waitlist tab (issue 32): the customer's entries that still wait, each removable (asked first). */
@injectable()
export class WaitlistTabViewModel {
  entries: WaitlistEntry[] = []
  loaded = false
  failed?: string = undefined
  /** the entry whose removal waits for a confirmation */
  removing?: WaitlistRow = undefined
  busy = false
  /**
   * Only a customer who waits for something sees the section (the account is unchanged for everyone
   * else); once shown it stays, empty when all are removed.
   */
  shown = false

  constructor(
    @inject(ListMyWaitlist) private readonly list: Exec<ListMyWaitlist>,
    @inject(LeaveWaitlist) private readonly leave: Exec<LeaveWaitlist>,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
  ) {
    makeAutoObservable<WaitlistTabViewModel, 'list' | 'leave' | 'toasts'>(this, { list: false, leave: false, toasts: false, entries: observableRef })
  }


  get rows(): WaitlistRow[] {
    return this.entries.map(waitlistRow)
  }

  /** All removed while the section shows. */
  get isEmpty(): boolean {
    return this.loaded && this.failed === undefined && this.entries.length === 0
  }

  async load(): Promise<void> {
    const result = await this.list.execute()
    runInAction(() => {
      this.loaded = true
      if (E.isLeft(result)) {
        this.failed = result.left.message
        return
      }
      this.failed = undefined
      this.entries = result.right
      this.shown = result.right.length > 0
    })
  }

  askRemove(row: WaitlistRow): void {
    this.removing = row
  }

  cancelRemove(): void {
    this.removing = undefined
  }

  async confirmRemove(): Promise<void> {
    const row = this.removing
    if (!row || this.busy) return
    this.busy = true
    const result = await this.leave.execute(row.id)
    runInAction(() => {
      this.busy = false
      this.removing = undefined
      if (E.isLeft(result)) {
        this.toasts.show(result.left.message)
        return
      }
      this.entries = this.entries.filter((e) => e.id !== row.id)
      this.toasts.show(WAITLIST_REMOVED, 'success')
    })
  }
}
