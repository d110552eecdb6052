import { computed, makeAutoObservable, observable, runInAction } from 'mobx'
import { injectable } from 'inversify'
import * as E from 'fp-ts/Either'
import { inject } from '../../application/inject'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'
import type { AppError } from '../../application/failure'
import { ListLocations } from '../../application/use-cases/catalogue.use-case'
import { BookOnBehalf, CreateDeskCustomer, ListDeskServices, ListDeskTimes, PayAtClinicInstead } from '../../application/use-cases/desk.use-case'
import type { CustomerSummary } from '../../contract/admin.routes'
import type { DeskBookingResult, DeskServiceOption, DeskTime } from '../../contract/desk.routes'
import type { DeskDraft, DeskPaymentChoice } from '../../domain/booking/desk-request'
import { isCustomerClashText } from '../../domain/booking/customer-clash'
import { formatLondonDate, londonDateOf } from '../../domain/time'
import { validateDeskCustomer, type DeskCustomerField, type DeskCustomerInput } from '../../domain/validation/desk-customer'
import type { FieldErrors } from '../../domain/validation/result'
import type { Exec } from './app-services'

export interface BasketLine {
  serviceId: string
  /** '' = any practitioner */
  practitionerId: string
}

export const PAYMENT_LABELS: Record<DeskPaymentChoice, string> = {
  card: 'Take the deposit from the stored card',
  link: 'Send a pay link',
  clinic: 'Pay at the clinic',
}

const EMPTY_CUSTOMER: DeskCustomerInput = { title: '', firstName: '', surname: '', email: '', mobilePhone: '', dateOfBirth: '', gender: '', referralSource: '' }

/**
 * 'New booking' at the desk (/staff/new-booking, issue 29): the customer (found with the desk's
 * search, or created from the sign-up fields: the server mails them a set-password link), the
 * location, the services in order with a practitioner each or any, a day's times from the
 * availability engine (services not online and inside the online notice too), how the deposit is
 * paid, then the booking on the customer's behalf.
 */
@injectable()
export class DeskBookingViewModel {
  customer?: CustomerSummary = undefined
  creating = false
  newCustomer: DeskCustomerInput = { ...EMPTY_CUSTOMER }
  customerErrors: FieldErrors<DeskCustomerField> = {}

  locations: { id: string; name: string }[] = []
  location = ''
  services: DeskServiceOption[] = []
  basket: BasketLine[] = []
  date = ''
  times: DeskTime[] = []
  loadingTimes = false
  /** the chosen time's start (ISO) */
  start = ''
  payment: DeskPaymentChoice = 'link'

  busy = false
  error?: string = undefined
  /** The booking the server refused because the customer has another visit then (its text), and what was asked. */
  private refusedClash?: { message: string; request: string } = undefined
  result?: DeskBookingResult = undefined
  /**
   * The last booking sent and its transaction id: Book pressed again on the same choices (no answer
   * came, or an error) sends the same id, so the server answers that booking again and does not mail
   * its pay link twice; other choices get a new id. Resend uses it too.
   */
  private attempt?: { key: string; draft: DeskDraft } = undefined

  constructor(
    @inject(ListLocations) private readonly listLocations: Exec<ListLocations>,
    @inject(ListDeskServices) private readonly listServices: Exec<ListDeskServices>,
    @inject(ListDeskTimes) private readonly listTimes: Exec<ListDeskTimes>,
    @inject(BookOnBehalf) private readonly bookOnBehalf: Exec<BookOnBehalf>,
    @inject(CreateDeskCustomer) private readonly createCustomer: Exec<CreateDeskCustomer>,
    @inject(PORTS.Clock) private readonly clock: Clock,
    @inject(PayAtClinicInstead) private readonly switchToClinic: Exec<PayAtClinicInstead>,
  ) {
    makeAutoObservable<DeskBookingViewModel, 'listLocations' | 'listServices' | 'listTimes' | 'bookOnBehalf' | 'createCustomer' | 'clock' | 'switchToClinic' | 'attempt' | 'refusedClash' | 'draft'>(this, {
      listLocations: false, listServices: false, listTimes: false, bookOnBehalf: false, createCustomer: false, clock: false, switchToClinic: false, attempt: false, refusedClash: observable, draft: computed,
    })
  }

  get today(): string {
    return londonDateOf(this.clock.now())
  }

  serviceOf(id: string): DeskServiceOption | undefined {
    return this.services.find((s) => s.id === id)
  }

  get chosenTime(): DeskTime | undefined {
    return this.times.find((t) => t.start === this.start)
  }

  get canBook(): boolean {
    return !!this.customer && !!this.location && this.basket.length > 0 && !!this.chosenTime && !this.busy
  }

  /**
   * The line beside Book in the action bar (on a phone it stays at the bottom of the screen, below
   * a day's times): what is still to choose, else what Book will book.
   */
  get actionSummary(): string {
    if (!this.customer) return 'Choose the customer.'
    if (this.basket.length === 0) return 'Choose a service.'
    const time = this.chosenTime
    if (!time) return 'Choose a time.'
    return `${this.customer.firstName} ${this.customer.surname}, ${formatLondonDate(time.start)} at ${time.value}`
  }

  /** Opens the page afresh (the view model outlives a visit): no customer, an empty basket. */
  async enter(location?: string, date?: string): Promise<void> {
    this.startAgain()
    this.newCustomer = { ...EMPTY_CUSTOMER }
    this.customerErrors = {}
    this.date = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : this.today
    const locations = await this.listLocations.execute()
    runInAction(() => {
      if (E.isLeft(locations)) return this.fail(locations.left)
      this.locations = locations.right.clinics.map((c) => ({ id: c.id, name: c.name ?? c.accountName }))
    })
    const first = location && this.locations.some((l) => l.id === location) ? location : this.locations[0]?.id
    if (first) await this.setLocation(first)
  }

  chooseCustomer(customer: CustomerSummary | undefined): void {
    this.customer = customer
    this.result = undefined
    this.error = undefined
  }

  /** The customer takes texts as well as mail (asked on the phone): their pay link and notices go to the mobile too. */
  setTakesTexts(takesTexts: boolean): void {
    this.newCustomer = { ...this.newCustomer, takesTexts }
  }

  setCustomerField(field: DeskCustomerField, value: string): void {
    this.newCustomer = { ...this.newCustomer, [field]: value }
    const { [field]: _gone, ...rest } = this.customerErrors
    this.customerErrors = rest
  }

  /** Creates the customer from the form (the spec's sign-up rules) and books for them. */
  async addCustomer(): Promise<void> {
    const checked = validateDeskCustomer(this.newCustomer, this.today)
    if (E.isLeft(checked)) {
      this.customerErrors = checked.left
      return
    }
    this.creating = true
    this.error = undefined
    const created = await this.createCustomer.execute(checked.right)
    runInAction(() => {
      this.creating = false
      if (E.isLeft(created)) return this.fail(created.left)
      this.customer = created.right
      this.newCustomer = { ...EMPTY_CUSTOMER }
    })
  }

  async setLocation(id: string): Promise<void> {
    this.location = id
    this.basket = []
    this.times = []
    this.start = ''
    const services = await this.listServices.execute(id)
    runInAction(() => {
      if (E.isLeft(services)) return this.fail(services.left)
      this.services = services.right
    })
  }

  async addService(serviceId: string): Promise<void> {
    if (!this.serviceOf(serviceId)) return
    this.basket = [...this.basket, { serviceId, practitionerId: '' }]
    await this.loadTimes()
  }

  async removeService(index: number): Promise<void> {
    this.basket = this.basket.filter((_, i) => i !== index)
    await this.loadTimes()
  }

  async setPractitioner(index: number, practitionerId: string): Promise<void> {
    this.basket = this.basket.map((line, i) => (i === index ? { ...line, practitionerId } : line))
    await this.loadTimes()
  }

  async setDate(date: string): Promise<void> {
    this.date = date
    await this.loadTimes()
  }

  chooseTime(start: string): void {
    this.start = start
    this.error = undefined
  }

  setPayment(payment: DeskPaymentChoice): void {
    this.payment = payment
  }

  /** The day's times for the basket; a time chosen before stays chosen while it is still offered. */
  async loadTimes(): Promise<void> {
    if (!this.location || this.basket.length === 0 || !this.date) {
      this.times = []
      this.start = ''
      return
    }
    this.loadingTimes = true
    const times = await this.listTimes.execute({
      location: this.location,
      date: this.date,
      services: this.basket.map((l) => ({ service: l.serviceId, ...(l.practitionerId ? { practitioner: l.practitionerId } : {}) })),
    })
    runInAction(() => {
      this.loadingTimes = false
      if (E.isLeft(times)) return this.fail(times.left)
      this.times = times.right
      if (!this.times.some((t) => t.start === this.start)) this.start = ''
    })
  }

  private get draft(): DeskDraft {
    return {
      customerId: this.customer?.id,
      locationId: this.location,
      services: this.basket.map((l) => ({ serviceId: l.serviceId, ...(l.practitionerId ? { practitionerId: l.practitionerId } : {}) })),
      start: this.start || undefined,
      payment: this.payment,
    }
  }

  /**
   * The clash the server named (src/domain/booking/customer-clash.ts) while the booking asked is still
   * the one on screen: 'Book anyway' books exactly that, never a time or basket changed since.
   */
  get clash(): string | undefined {
    return this.refusedClash && this.refusedClash.request === JSON.stringify(this.draft) ? this.refusedClash.message : undefined
  }

  /**
   * Books the draft; with allowOverlap, although the customer has another visit at the time (staff
   * confirmed the clash). Book pressed again on the same choices sends the same transaction id.
   */
  async book(allowOverlap = false): Promise<void> {
    const key = JSON.stringify(this.draft)
    if (this.attempt?.key !== key) this.attempt = { key, draft: { ...this.draft, transactionId: newTransactionId() } }
    await this.send({ ...this.attempt.draft, ...(allowOverlap ? { allowOverlap: true } : {}) }, key)
  }

  /** Staff send the booking's pay link again on purpose (a retried Book does not). */
  async resendPayLink(): Promise<void> {
    if (!this.result?.payLink || !this.attempt) return
    await this.send({ ...this.attempt.draft, resendPayLink: true }, this.attempt.key)
  }

  /** Whether the booking shown still waits for its pay link: the customer may pay at the clinic instead. */
  get awaitingPayLink(): boolean {
    return Boolean(this.result?.payLink) && this.result?.status === 'Pending'
  }

  /**
   * The customer phoned to say they pay on the day: the booking is confirmed with nothing taken now,
   * its pay link stops working and they are mailed the confirmation (the server's answer replaces the result).
   */
  async payAtClinicInstead(): Promise<void> {
    const id = this.result?.appointments[0]?.id
    if (!this.awaitingPayLink || !id) return
    this.busy = true
    this.error = undefined
    const switched = await this.switchToClinic.execute(id)
    runInAction(() => {
      this.busy = false
      if (E.isLeft(switched)) this.fail(switched.left)
      else this.result = switched.right
    })
  }

  /** `key`: the choices the draft was made of (what a clash refusal is remembered against). */
  private async send(draft: DeskDraft, key: string): Promise<void> {
    this.busy = true
    this.error = undefined
    this.refusedClash = undefined
    const booked = await this.bookOnBehalf.execute(draft)
    runInAction(() => {
      this.busy = false
      if (E.isLeft(booked)) {
        if (booked.left._tag === 'Refused' && booked.left.status === 409 && isCustomerClashText(booked.left.message)) {
          // Not an error to clear: a question for staff, asked beside Book.
          this.refusedClash = { message: booked.left.message, request: key }
          return
        }
        this.fail(booked.left)
        // The time may have gone meanwhile: show what is free now.
        if (!draft.resendPayLink) void this.loadTimes()
        return
      }
      this.result = booked.right
    })
  }

  /** Another booking: the same location and day, a new customer and basket. */
  startAgain(): void {
    this.customer = undefined
    this.basket = []
    this.times = []
    this.start = ''
    this.result = undefined
    this.error = undefined
    this.refusedClash = undefined
    this.payment = 'link'
    this.attempt = undefined
  }

  private fail(error: AppError): void {
    this.error = error.message
  }
}

/** A booking's transaction id chosen here (base64url, 144 bits). */
function newTransactionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  return 'desk-' + btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_')
}
