/**
 * The late-cancellation fee on a staff cancel (`clinic admin cancel --charge-fee`, the desk's tick):
 * due only when the organisation's policy applies (inside the late-cancellation period, a charge
 * type other than NONE), taken from the customer's stored card through the card-processor port.
 *
 * Order, so a fee is never kept for a booking that was not cancelled: authorize the fee, cancel,
 * then capture (or void the authorization when the cancel did not happen). The payment is keyed by
 * the appointment: a retried request finds the same payment and never charges twice.
 */
import * as E from 'fp-ts/Either'
import type { DayBooking } from '../../src/contract/admin.routes'
import { currencyOrDefault } from '../../src/domain/pricing/money'
import { isWithinLatePeriod, lateCancellationFee } from '../../src/domain/policy/cancellation'
import type { CardProcessor } from '../commerce/card-processor.port'
import { appointmentView } from '../booking/appointment-view'
import { loadOrganisation } from '../organisation/organisation.service'
import type { SignedInStaff } from '../staff/staff.service'
import type { Db } from '../db/schema'
import { operatorDb } from '../staff/staff.tables'
import { conflict, type ServiceError } from '../service-error'
import * as day from './day.service'

const FEE_MESSAGES = {
  noStoredCard: 'The customer has no stored card for the late-cancellation fee. Cancel without the fee, or take it at the till.',
  feeRefused: (why: string) => `The late-cancellation fee was not taken: ${why} The booking is not cancelled.`,
} as const

export interface FeeDue {
  amount: number
  currency: string
  customerId?: string
}

/** The fee the policy makes due for cancelling the appointment at `now` (0 outside the late period). */
export async function lateFeeDue(db: Db, tenant: string, appointmentId: string, now: Date): Promise<FeeDue | undefined> {
  const view = await appointmentView(db, tenant, appointmentId)
  if (!view) return undefined
  const organisation = await loadOrganisation(db, tenant)
  const settings = organisation?.settings
  const currency = currencyOrDefault(settings?.currency)
  const late = settings !== undefined && isWithinLatePeriod(new Date(view.event.start), now, settings)
  return { amount: late ? lateCancellationFee(settings, view.price ?? 0) : 0, currency, ...(view.customer ? { customerId: view.customer } : {}) }
}

/** Cancels on the customer's behalf and charges the late-cancellation fee when one is due. */
export async function cancelWithFee(
  db: Db,
  processor: CardProcessor,
  who: SignedInStaff,
  appointmentId: string,
  now: Date,
): Promise<E.Either<ServiceError, DayBooking>> {
  const tenant = who.staff.tenant_id
  // Refusals (not found, not yours, already cancelled) before any card is touched.
  const open = await day.openAppointment(operatorDb(db), who, appointmentId)
  if (E.isLeft(open)) return open
  const due = await lateFeeDue(db, tenant, appointmentId, now)
  if (!due || due.amount <= 0 || !due.customerId) {
    const cancelled = await day.cancelByClinic(db, who, appointmentId, now)
    return E.isRight(cancelled) ? E.right({ ...cancelled.right, feeCharged: 0 }) : cancelled
  }
  const scope = { tenant }
  const card = (await processor.listCards(scope, due.customerId))[0]
  if (!card) return E.left(conflict(FEE_MESSAGES.noStoredCard))
  const key = `late-fee:${appointmentId}`
  const opened = await processor.createPayment(scope, { amount: due.amount, currency: due.currency, reference: key, idempotencyKey: key, description: 'Late cancellation fee' })()
  if (E.isLeft(opened)) return E.left(conflict(FEE_MESSAGES.feeRefused(opened.left.message)))
  const transactionId = opened.right.transactionId
  const authorized = await processor.chargeStoredCard(scope, transactionId, due.customerId, card.id)()
  if (E.isLeft(authorized)) return E.left(conflict(FEE_MESSAGES.feeRefused(authorized.left.message)))
  const cancelled = await day.cancelByClinic(db, who, appointmentId, now)
  if (E.isLeft(cancelled)) {
    await processor.void(scope, transactionId)()
    return cancelled
  }
  const captured = await processor.capture(scope, transactionId)()
  // The booking is cancelled either way; a capture the processor refused leaves no fee taken.
  return E.right({ ...cancelled.right, feeCharged: E.isRight(captured) ? due.amount : 0 })
}
