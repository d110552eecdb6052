import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { ListRota } from '../../application/use-cases/admin.use-case'
import { ListWaitingCustomers, OfferTimeToWaiting, RemoveWaitingCustomer } from '../../application/use-cases/staff-waitlist.use-case'
import type { RotaPractitioner } from '../../contract/admin.routes'
import type { AdminWaitlistEntry } from '../../contract/waitlist.codecs'
import { existsInLondon, londonTimeOf, londonToUtc } from '../../domain/time'
import type { Exec } from './app-services'
import { waitlistRow, type WaitlistRow } from './waitlist-tab.view-model'

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

export interface WaitingCustomer extends WaitlistRow {
  customer: string
  contact: string
  entry: AdminWaitlistEntry
}

/** The 'Offer a time' form: the entry, a time on the desk's day and a practitioner (the entry's, else the first on the rota). */
export interface OfferForm {
  entry: WaitingCustomer
  time: string
  practitioner: string
  error?: string
}

/**
 * The desk's waiting customers (issue 32): the live waitlist entries of the desk's location whose
 * dates include the desk's day, in order of joining (the order offers follow), 'Offer a time' by hand
 * and removal.
 */
@injectable()
export class StaffWaitlistViewModel {
  entries: AdminWaitlistEntry[] = []
  practitioners: RotaPractitioner[] = []
  loading = false
  error?: string = undefined
  notice?: string = undefined
  offering?: OfferForm = undefined
  removing?: WaitingCustomer = undefined
  busy = false
  /** the location and day the list shows */
  private shown = { location: '', date: '' }

  constructor(
    @inject(ListWaitingCustomers) private readonly list: Exec<ListWaitingCustomers>,
    @inject(OfferTimeToWaiting) private readonly offerTime: Exec<OfferTimeToWaiting>,
    @inject(RemoveWaitingCustomer) private readonly remove: Exec<RemoveWaitingCustomer>,
    @inject(ListRota) private readonly rota: Exec<ListRota>,
  ) {
    type Deps = 'list' | 'offerTime' | 'remove' | 'rota' | 'shown'
    makeAutoObservable<StaffWaitlistViewModel, Deps>(this, { list: false, offerTime: false, remove: false, rota: false, shown: false, entries: observableRef })
  }

  get waiting(): WaitingCustomer[] {
    return this.entries.map((entry) => ({
      ...waitlistRow(entry),
      customer: entry.customer.name,
      contact: [entry.customer.email, entry.customer.phone].filter(Boolean).join(' · '),
      entry,
    }))
  }

  /** The day's waiting customers at the location (the desk calls it when its day or location changes). */
  async load(location: string, date: string): Promise<void> {
    if (!location || !date) return
    this.shown = { location, date }
    this.loading = true
    this.error = undefined
    const [result, rota] = await Promise.all([this.list.execute({ from: date, to: date, clinic: location }), this.rota.execute(date, location)])
    runInAction(() => {
      if (this.shown.location !== location || this.shown.date !== date) return
      this.loading = false
      if (E.isLeft(result)) {
        this.error = result.left.message
        return
      }
      this.entries = result.right
      this.practitioners = E.isRight(rota) ? rota.right : []
    })
  }

  askOffer(entry: WaitingCustomer): void {
    this.notice = undefined
    const practitioner = entry.entry.practitioner?.id ?? this.practitioners[0]?.id ?? ''
    this.offering = { entry, time: '', practitioner }
  }

  setOffer(field: 'time' | 'practitioner', value: string): void {
    if (this.offering) this.offering = { ...this.offering, [field]: value, error: undefined }
  }

  closeOffer(): void {
    this.offering = undefined
  }

  /** Holds the entry's services at the desk's day and the form's time for the customer, who gets the offer mail. */
  async confirmOffer(): Promise<void> {
    const form = this.offering
    const { date, location } = this.shown
    if (!form || this.busy) return
    if (!TIME.test(form.time) || !existsInLondon(date, form.time)) {
      this.offering = { ...form, error: 'Enter a time (HH:mm).' }
      return
    }
    if (!form.practitioner) {
      this.offering = { ...form, error: 'Choose a practitioner.' }
      return
    }
    this.busy = true
    const result = await this.offerTime.execute(form.entry.id, { practitioner: form.practitioner, start: londonToUtc(date, form.time).toISOString() })
    runInAction(() => {
      this.busy = false
      if (E.isLeft(result)) {
        this.offering = { ...form, error: result.left.message }
        return
      }
      this.offering = undefined
      this.notice = `Offered ${form.time} to ${form.entry.customer}: held for them until ${londonTimeOf(new Date(result.right.expiresAt))}.`
    })
    if (E.isRight(result)) await this.load(location, date)
  }

  askRemove(entry: WaitingCustomer): void {
    this.removing = entry
  }

  cancelRemove(): void {
    this.removing = undefined
  }

  async confirmRemove(): Promise<void> {
    const entry = this.removing
    if (!entry || this.busy) return
    this.busy = true
    const result = await this.remove.execute(entry.id)
    runInAction(() => {
      this.busy = false
      this.removing = undefined
      if (E.isLeft(result)) {
        this.error = result.left.message
        return
      }
      this.entries = this.entries.filter((e) => e.id !== entry.id)
      this.notice = `Removed ${entry.customer} from the waitlist.`
    })
  }
}
