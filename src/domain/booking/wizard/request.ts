/**
 * What the agree action sends (spec section 4 'Confirm action'): the booking kind decided once, each
 * item's price, and the deposit by the pricing rules. The web's confirm step and `clinic book` both
 * build their request here, so the same choices send the same request.
 */
import * as E from 'fp-ts/Either'
import { calculateDeposit, type DepositSettings } from '../../pricing/deposit'
import { round2 } from '../../pricing/money'
import type { HeldTimeKey } from '../hold'
import { coveredByCourse, type WizardItem, type WizardState } from './state'

export { listedPrice } from '../../pricing/listed-price'

/** What an item costs now: a course its sale price, a service its practitioner's; the session a bought course pays for nothing. */
export function priceOf(state: WizardState, item: WizardItem): number {
  if (coveredByCourse(state, item)) return 0
  if (item.kind === 'course') return item.service.salePrice ?? item.service.defaultPrice
  return item.staff?.grossPrice ?? item.service.defaultPrice
}

export interface Payer {
  customerId: string
  /** the customer's credit ('account difference' deposits) */
  accountBalance?: number | null
  settings: DepositSettings
}

/**
 * Whether this booking takes a deposit, so that terms about one apply to it: a reschedule moves an
 * appointment whose deposit was settled when it was booked, and takes none (spec 4 'Confirm action').
 */
export const depositApplies = (state: WizardState): boolean => state.mode.kind !== 'reschedule'

/** The deposit, or the full price of courses and vouchers; a reschedule pays nothing now. */
export function depositOf(state: WizardState, payer: Pick<Payer, 'accountBalance' | 'settings'>): number {
  const mode = state.mode
  if (mode.kind === 'giftVoucher') return round2(mode.vouchers.reduce((sum, v) => sum + v.value, 0))
  if (mode.kind === 'coursePurchase') return round2(state.basket.reduce((sum, i) => sum + priceOf(state, i), 0))
  if (!depositApplies(state)) return 0
  // A course session is paid by its course: the deposit rules apply to the other items only.
  const paid = state.basket.filter((i) => !coveredByCourse(state, i))
  if (paid.length === 0) return 0
  return calculateDeposit({
    settings: payer.settings,
    accountBalance: payer.accountBalance,
    items: paid.map((i) => ({
      serviceDefaultPrice: i.service.defaultPrice,
      practitionerGrossPrice: i.staff?.grossPrice,
      serviceDepositType: i.service.bookingDepositType,
      serviceDepositAmount: i.service.bookingDepositAmount,
    })),
  })
}

export interface LinkedBooking {
  event: { start: string; end: string }
  clinic: string
  service: string
  price: number
  practitioner?: string
  isLinked: true
  type: 'Appointment'
  course: string | null
}

export interface BookingAppointment {
  event: { start: string; end: string }
  practitioner: string
  clinic: string
  service: string
  price: number
  grossPrice: number
  deposit: number
  course: string | null
  linkedAppointments: LinkedBooking[]
}

export interface RescheduleMove {
  appointmentId: string
  isLinked?: boolean
  event: { start: Date; end: Date }
  clinic: string
  service: string
  practitioner?: string
  price?: number
  grossPrice?: number
}

export type BookingRequest =
  | { kind: 'book'; customerId: string; clinicId: string; hold?: HeldTimeKey; appointment: BookingAppointment }
  | { kind: 'course'; customerId: string; clinicId: string; courseIds: string[] }
  | { kind: 'giftVoucher'; customerId: string; clinicId: string; vouchers: { value: number; receiver?: { name: string; email: string; message: string; confirmEmail: string } }[] }
  /** linked bookings: every non-linked appointment keeps its offset from the first */
  | { kind: 'reschedule'; newStart: Date; appointments: RescheduleMove[] }
  /** one appointment moved (the account page did not know its linked ones' times) */
  | { kind: 'rescheduleOne'; appointmentId: string; change: { event: { start: string; end: string }; clinic: string; service: string; price: number; grossPrice: number; practitioner?: string } }

export type BookingRequestError = { _tag: 'NoClinic' } | { _tag: 'NothingToBook' } | { _tag: 'TimeNotChosen' } | { _tag: 'PractitionerMissing' }

/** The request of the agree action for the wizard's state. */
export function toBookingRequest(state: WizardState, payer: Payer): E.Either<BookingRequestError, BookingRequest> {
  const clinicId = state.locationId
  if (clinicId === undefined) return E.left({ _tag: 'NoClinic' })
  const { customerId } = payer
  const mode = state.mode
  if (mode.kind === 'giftVoucher') {
    if (mode.vouchers.length === 0) return E.left({ _tag: 'NothingToBook' })
    const vouchers = mode.vouchers.map((v) => ({ value: v.value, ...(v.receiver ? { receiver: { ...v.receiver, confirmEmail: v.receiver.email } } : {}) }))
    return E.right({ kind: 'giftVoucher', customerId, clinicId, vouchers })
  }
  if (state.basket.length === 0) return E.left({ _tag: 'NothingToBook' })
  if (mode.kind === 'coursePurchase') return E.right({ kind: 'course', customerId, clinicId, courseIds: state.basket.map((i) => i.service.id) })
  const [first, ...rest] = state.basket
  if (first.start === undefined || first.end === undefined || rest.some((i) => i.start === undefined || i.end === undefined)) return E.left({ _tag: 'TimeNotChosen' })
  if (mode.kind === 'reschedule') {
    if (mode.sources.length > 0) {
      return E.right({
        kind: 'reschedule',
        newStart: new Date(first.start),
        appointments: mode.sources.map((a) => ({
          appointmentId: a.appointmentId,
          isLinked: a.isLinked,
          event: { start: new Date(a.start), end: new Date(a.end) },
          clinic: clinicId,
          service: a.serviceId,
          ...(a.practitionerId ? { practitioner: a.practitionerId } : {}),
          ...(a.price !== undefined ? { price: a.price, grossPrice: a.price } : {}),
        })),
      })
    }
    const price = priceOf(state, first)
    const change = { event: { start: first.start, end: first.end }, clinic: clinicId, service: first.service.id, price, grossPrice: price, ...(first.staff ? { practitioner: first.staff.id } : {}) }
    return E.right({ kind: 'rescheduleOne', appointmentId: mode.appointmentId, change })
  }
  if (!first.staff) return E.left({ _tag: 'PractitionerMissing' })
  // Only the session a course pays for names it (the context outlives a cleared booking); added services are paid.
  const courseOf = (item: WizardItem) => (coveredByCourse(state, item) ? (state.courseContext?.courseId ?? null) : null)
  return E.right({
    kind: 'book',
    customerId,
    clinicId,
    // The time held since it was picked becomes this booking (no second race for it).
    ...(state.hold?.status === 'held' ? { hold: state.hold.key } : {}),
    appointment: {
      event: { start: first.start, end: first.end },
      practitioner: first.staff.id,
      clinic: clinicId,
      service: first.service.id,
      price: priceOf(state, first),
      grossPrice: priceOf(state, first),
      deposit: depositOf(state, payer),
      course: courseOf(first),
      linkedAppointments: rest.map((item) => ({
        event: { start: item.start as string, end: item.end as string },
        clinic: clinicId,
        service: item.service.id,
        price: priceOf(state, item),
        ...(item.staff ? { practitioner: item.staff.id } : {}),
        isLinked: true as const,
        type: 'Appointment' as const,
        course: courseOf(item),
      })),
    },
  })
}
