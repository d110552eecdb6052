/**
 * Pay at the clinic instead (PUT /admin/desk/bookings/{id}/pay-at-clinic): a booking held for its
 * deposit's pay link (the desk's `--pay link`, an API key's booking: server/booking/pay-link.service.ts)
 * that the customer has not paid, when they phone to say they will pay on the day. In one
 * transaction, its appointments locked as a payment's settlement locks them (settlement.ts): still a
 * live hold, it becomes Scheduled with nothing due now and the customer gets the usual confirmation
 * (the 'booked' notice with its .ics). Then its pay link is voided as after a check-in
 * (day.service.ts): opened afterwards it says why (MESSAGES.payLinkVoided) and takes nothing; a card
 * paid at that very moment finds the booking no longer waiting for it and is refunded (settle()).
 */
import * as E from 'fp-ts/Either'
import type { DeskBookingResult } from '../../src/contract'
import { openAppointment } from '../admin/day.service'
import { lockAppointments, scheduleToPayAtClinic } from '../booking/appointments.repository'
import { bookingsOf } from '../booking/pay-link.service'
import type { CommerceDeps } from '../commerce/commerce.deps'
import { voidUnpaidOf } from '../commerce/payments.service'
import { enqueueBookingConfirmation } from '../commerce/settlement'
import type { Db } from '../db/schema'
import { conflict, MESSAGES, type ServiceError } from '../service-error'
import type { SignedInStaff } from '../staff/staff.service'
import { operatorDb } from '../staff/staff.tables'
import { priceOf } from './desk-booking.service'
import { rowsOfBookings } from './checkout.repository'

export const PAY_AT_CLINIC_MESSAGES = {
  switched: 'The customer pays at the clinic instead: the booking is confirmed, its pay link no longer works, and the customer has their confirmation.',
  noPayLink: 'Only a booking waiting for its pay link can be switched to pay at the clinic.',
  holdEnded: 'The hold on this booking ended before its deposit was paid. Please book it again.',
} as const

export interface PayAtClinicDeps {
  db: Db
  commerce: CommerceDeps
  now: Date
}

class NoLongerHeld extends Error {}

export async function payAtClinicInstead(deps: PayAtClinicDeps, who: SignedInStaff, id: string): Promise<E.Either<ServiceError, DeskBookingResult>> {
  const tenant = who.staff.tenant_id
  // Not found, another tenant's, cancelled, checked in: the desk's refusals, as for a move or a cancel.
  const open = await openAppointment(operatorDb(deps.db), who, id)
  if (E.isLeft(open)) return open
  if (open.right.status !== 'Pending') return E.left(conflict(MESSAGES.notAwaitingPayment))
  // The booking's appointments, the main one first; its main id is the one its pay link and invoice name.
  const rows = await rowsOfBookings(deps.db, tenant, [id])
  const ids = rows.map((r) => r.id)
  const mainId = rows[0]?.root ?? id
  // A Pending booking without a pay link is one a customer is paying for online right now.
  const link = await deps.db.selectFrom('pay_link_messages').select('appointment_id').where('tenant_id', '=', tenant).where('appointment_id', '=', mainId).executeTakeFirst()
  if (!link) return E.left(conflict(PAY_AT_CLINIC_MESSAGES.noPayLink))

  const refusal = await deps.db
    .transaction()
    .execute(async (trx): Promise<ServiceError | undefined> => {
      const appointments = await lockAppointments(trx, tenant, ids)
      // Paid (or released) between the read and the lock: the booking is no longer waiting for its link.
      if (appointments.length !== ids.length || appointments.some((a) => a.status !== 'Pending')) return conflict(MESSAGES.notAwaitingPayment)
      if (appointments.some((a) => a.holdExpiresAt && a.holdExpiresAt <= deps.now)) return conflict(PAY_AT_CLINIC_MESSAGES.holdEnded)
      if (!(await scheduleToPayAtClinic(trx, tenant, ids, deps.now))) throw new NoLongerHeld()
      await enqueueBookingConfirmation(deps.commerce, trx, tenant, appointments[0]!.customerId, appointments)
      return undefined
    })
    .catch((error: unknown) => {
      if (error instanceof NoLongerHeld) return conflict(MESSAGES.notAwaitingPayment)
      throw error
    })
  if (refusal) return E.left(refusal)

  // Outside the transaction: the processor's void is a call out (PGlite has one connection).
  await voidUnpaidOf(deps.commerce, tenant, mainId, MESSAGES.payLinkVoided)
  const appointments = await bookingsOf(deps.db, tenant, ids)
  return E.right({
    appointments,
    payment: 'clinic',
    status: appointments[0]?.status ?? 'Scheduled',
    deposit: 0,
    depositPaid: appointments.reduce((sum, a) => sum + a.depositPaid, 0),
    dueAtClinic: await priceOf(deps.db, tenant, ids),
    message: PAY_AT_CLINIC_MESSAGES.switched,
  })
}
