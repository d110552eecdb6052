import { makeAutoObservable, observableRef, runInAction } from 'mobx'
import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import * as E from 'fp-ts/Either'
import { CancelAppointment, GetAppointment, ListMyAppointments } from '../../application/use-cases/appointments.use-case'
import { ListLocations, LoadOrganisation } from '../../application/use-cases/catalogue.use-case'
import type { AppointmentView } from '../../contract/appointments.codecs'
import type { OrganisationPublic } from '../../contract/organisation.routes'
import { accountRowAction, type AccountRowAction } from '../../domain/booking/account'
import { lateCancellationPeriodHours, type CancellationSettings, type ConfirmDialog } from '../../domain/policy/cancellation'
import { cancellationPreview } from '../../domain/policy/cancellation-terms'
import { currencyOrDefault } from '../../domain/pricing/money'
import { formatLondonDateTime } from '../../domain/time'
import { type ClinicView } from './views'
import { wizardInputOf } from './wizard-input'
import { BookingViewModel, type RescheduleInput } from './booking.view-model'
import { SessionViewModel } from './session.view-model'
import { ToastViewModel } from './toast.view-model'
import { PORTS } from '../../application/tokens'
import type { Clock } from '../../application/ports/clock.port'
import type { Exec } from './app-services'

export const NO_APPOINTMENTS = 'No content to show.'
export const SWIPE_HINT = 'Swipe table to see options'
/** How often the rows are worked out again (a free-cancellation deadline passing changes them). */
export const PREVIEW_TICK_MS = 30_000


export interface AppointmentRow {
  id: string
  /** 'dd/MM/yyyy HH:mm' in Europe/London */
  date: string
  service: string
  staff: string
  location: string
  action: AccountRowAction
  appointment: AppointmentView
  /** still to come: 'Add to calendar' is offered */
  upcoming: boolean
  /** spec section 9 status ('Scheduled', 'Completed'...) */
  status: string
  /** the clinic's phone and email, shown where the customer is told to contact the clinic */
  contact: { phone?: string; email?: string }
  /** 'Free to cancel until Tue 14:00, then £16.00' (live, from the clock); null when nothing applies */
  cancellationPreview: string | null
}

/** A confirmation the customer must accept before the action runs. */
export interface PendingConfirmation {
  kind: 'cancel' | 'reschedule'
  row: AppointmentRow
  dialog: ConfirmDialog
  /** the late warnings are shown in a warning tone */
  late: boolean
}

/**
 * Appointments tab of the customer area (spec sections 2, 4 'Cancel/reschedule rules' and 8): the
 * rows with their Actions cell decided by the domain policy, the confirmation dialogs, cancel,
 * reschedule and book again (which hand over to the booking wizard).
 */
@injectable()
export class AppointmentsTabViewModel {
  appointments: AppointmentView[] = []
  organisation?: OrganisationPublic = undefined
  loading = false
  loaded = false
  busy = false
  confirmation?: PendingConfirmation = undefined
  /** Bumped every PREVIEW_TICK_MS once loaded: the rows (their preview, their actions) follow the time. */
  tick = 0
  private clinics?: ClinicView[] = undefined
  private stopClock?: () => void = undefined

  constructor(
    @inject(ListMyAppointments) private readonly listAppointments: Exec<ListMyAppointments>,
    @inject(CancelAppointment) private readonly cancelAppointment: Exec<CancelAppointment>,
    @inject(GetAppointment) private readonly getAppointment: Exec<GetAppointment>,
    @inject(LoadOrganisation) private readonly loadOrganisation: Exec<LoadOrganisation>,
    @inject(ListLocations) private readonly listLocations: Exec<ListLocations>,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
    @inject(BookingViewModel) private readonly booking: BookingViewModel,
    @inject(ToastViewModel) private readonly toasts: ToastViewModel,
    @inject(PORTS.Clock) private readonly clock: Clock,
  ) {
    makeAutoObservable<AppointmentsTabViewModel, 'listAppointments' | 'cancelAppointment' | 'getAppointment' | 'loadOrganisation' | 'listLocations' | 'session' | 'booking' | 'toasts' | 'clock' | 'clinics' | 'stopClock'>(this, {
      listAppointments: false, cancelAppointment: false, getAppointment: false, loadOrganisation: false, listLocations: false,
      session: false, booking: false, toasts: false, clock: false, clinics: false, stopClock: false,
      // Answers of the server, replaced whole and never changed in place: observing each nested field
      // (deep observables) cost the first view's render a long task (issue 18).
      appointments: observableRef, organisation: observableRef,
    })
  }

  get settings(): CancellationSettings {
    const org = this.organisation
    return {
      cancellationRules: org?.cancellationRules,
      lateCancellationPeriod: org?.lateCancellationPeriod,
      showCancelTerms: org?.showCancelTerms,
      lateCancellationChargeType: org?.lateCancellationChargeType,
      lateCancellationChargeValue: org?.lateCancellationChargeValue,
      lateCancellationText: org?.lateCancellationText,
      currency: currencyOrDefault(org?.currency),
    }
  }

  /** Under the disabled Options: why the appointment cannot be changed online. */
  get lateNote(): string {
    return `Within ${lateCancellationPeriodHours(this.settings)} hours: please contact us`
  }

  get rows(): AppointmentRow[] {
    void this.tick
    const now = new Date(this.clock.now())
    return this.appointments.map((a) => ({
      id: a.id,
      date: formatLondonDateTime(new Date(a.event.start)),
      service: a.service.onlineName || a.service.name,
      staff: a.practitioner.displayName,
      location: a.clinic.accountName,
      action: accountRowAction(
        {
          start: new Date(a.event.start),
          status: a.status,
          checkedIn: a.checkedIn,
          isLinked: a.isLinked,
          linkedAppointments: a.linkedAppointments,
          price: a.price ?? a.grossPrice ?? a.service.defaultGrossPrice,
          clinic: { id: a.clinic.id },
          service: { showOnline: a.service.showOnline, locations: a.service.locations },
        },
        now,
        this.settings,
      ),
      appointment: a,
      upcoming: new Date(a.event.start).getTime() > now.getTime(),
      status: a.status,
      contact: { phone: a.clinic.phone, email: a.clinic.email },
      cancellationPreview: cancellationPreview(
        { start: new Date(a.event.start), status: a.status, checkedIn: a.checkedIn, price: a.price ?? a.grossPrice ?? a.service.defaultGrossPrice },
        now,
        this.settings,
      ),
    }))
  }

  get isEmpty(): boolean {
    return this.loaded && this.appointments.length === 0
  }

  /**
   * Loads the customer's appointments, and the organisation's policy settings unless the session
   * already has them (the app loads the organisation when it starts: a second request cost the
   * account's first view a fetch in its longest task, issue 18).
   */
  async load(): Promise<void> {
    const user = this.session.user
    if (!user) return
    this.loading = true
    this.stopClock ??= this.clock.every(PREVIEW_TICK_MS, () => runInAction(() => this.tick++))
    const known = this.session.organisation
    const [org, list] = await Promise.all([known ? E.right(known) : this.loadOrganisation.execute(), this.listAppointments.execute(user.id)])
    runInAction(() => {
      if (E.isRight(org)) this.organisation = org.right
      if (E.isRight(list)) this.appointments = list.right
      else this.toasts.show(list.left.message)
      this.loading = false
      this.loaded = true
    })
  }

  /** Options menu: 'cancel' or 'reschedule' chosen on a row. */
  choose(row: AppointmentRow, action: 'cancel' | 'reschedule'): void {
    if (row.action.kind !== 'options' || row.action.view.kind !== 'menu') return
    const view = row.action.view
    if (!view.actions.includes(action)) return
    if (action === 'cancel') {
      this.confirmation = { kind: 'cancel', row, dialog: view.cancelConfirmation, late: view.isLate }
      return
    }
    if (view.rescheduleConfirmation) {
      this.confirmation = { kind: 'reschedule', row, dialog: view.rescheduleConfirmation, late: true }
      return
    }
    void this.reschedule(row)
  }

  dismissConfirmation(): void {
    this.confirmation = undefined
  }

  /** The dialog's confirm button. */
  async confirm(): Promise<void> {
    const pending = this.confirmation
    if (!pending) return
    if (pending.kind === 'reschedule') {
      this.confirmation = undefined
      await this.reschedule(pending.row)
      return
    }
    this.busy = true
    const result = await this.cancelAppointment.execute(pending.row.id)
    runInAction(() => {
      this.busy = false
      this.confirmation = undefined
      if (E.isLeft(result)) {
        this.toasts.show(result.left.message)
        return
      }
      this.appointments = this.appointments.filter((a) => a.id !== pending.row.id)
      this.toasts.show('Your appointment has been cancelled.', 'success')
    })
  }

  /** Reschedule: loads the appointment with its linked ones and opens the wizard in reschedule mode. */
  async reschedule(row: AppointmentRow): Promise<void> {
    const input = await this.wizardInput(row, true)
    if (!input) return
    this.booking.startReschedule(input)
  }

  /** Book again: the same services and practitioners at the same clinic. */
  async bookAgain(row: AppointmentRow): Promise<void> {
    if (row.action.kind !== 'bookAgain') return
    const input = await this.wizardInput(row, false)
    if (!input) return
    this.booking.startBookAgain({ clinic: input.clinic, items: input.items })
  }

  /** `moving`: a reschedule, whose appointments keep their price and length (book again takes today's). */
  private async wizardInput(row: AppointmentRow, moving: boolean): Promise<RescheduleInput | undefined> {
    this.busy = true
    const [full, clinic] = await Promise.all([this.getAppointment.execute(row.id), this.clinicOf(row.appointment)])
    runInAction(() => (this.busy = false))
    if (E.isLeft(full)) {
      this.toasts.show(full.left.message)
      return undefined
    }
    return wizardInputOf(full.right, clinic, moving)
  }

  private async clinicOf(appointment: AppointmentView): Promise<ClinicView> {
    if (!this.clinics) {
      const result = await this.listLocations.execute()
      this.clinics = E.isRight(result) ? result.right.clinics.map((c) => ({ id: c.id, accountName: c.accountName, address: c.address })) : []
    }
    return this.clinics.find((c) => c.id === appointment.clinic.id) ?? { id: appointment.clinic.id, accountName: appointment.clinic.accountName, address: { line1: '', city: '' } }
  }
}
