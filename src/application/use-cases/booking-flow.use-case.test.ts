import { TEXT } from '../errors'
import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { fake, httpFail, id, ok, unreachable } from './fakes.test-support'
import type { AppointmentsApi } from '../ports/appointments.port'
import type { PaymentsApi } from '../ports/payments.port'
import type { CoursesApi } from '../ports/courses.port'
import type { AppointmentView, BookingCreated } from '../../contract/appointments.codecs'
import type { Invoice } from '../../contract/invoices.codecs'
import { ConfirmBooking, type RescheduleItem } from './confirm-booking.use-case'
import { BuyCourse, BuyGiftVoucher, CreateDepositPayment, PollPayment } from './payments.use-case'
import { DeletePendingAppointment, HoldAppointment } from './appointments.use-case'
import { ManualClock } from '../../adapters/clock/system-clock.adapter'
import { MemoryLogger } from '../../adapters/logging/console-logger.adapter'

const event = { start: '2026-03-02T09:00:00.000Z', end: '2026-03-02T09:30:00.000Z' }
const view = (n: number, status: AppointmentView['status'] = 'Pending'): AppointmentView => ({
  id: id(n), status, event,
  service: { id: id(3), name: 'Facial' }, practitioner: { id: id(4), displayName: 'Ann' }, clinic: { id: id(1), accountName: 'Soho' },
})
const booking = (deposit: number): BookingCreated => ({ appointment: view(10), appointments: [view(10)], deposit, holdExpiresAt: '2026-03-02T08:05:00.000Z' })
const invoice: Invoice = {
  id: id(20), code: 'INV-1', customer: id(7), clinic: id(1), items: [], amount: 12.5, isDraft: true, paymentStatus: 'Unpaid', origin: 'SALE',
}
const appointment = { event, practitioner: id(4), clinic: id(1), service: id(3), deposit: 12.5 }

function setup() {
  const appointments = fake<AppointmentsApi>()
  const payments = fake<PaymentsApi>()
  const log = new MemoryLogger()
  const confirm = new ConfirmBooking(
    appointments.port,
    log,
    new HoldAppointment(appointments.port),
    new CreateDepositPayment(payments.port),
    new BuyCourse(payments.port),
    new BuyGiftVoucher(payments.port),
  )
  return { appointments, payments, confirm, log }
}

describe('ConfirmBooking', () => {
  it('claims the time held since it was picked (issue 17): the hold goes with the booking', async () => {
    const { appointments, payments, confirm } = setup()
    appointments.on('hold', [ok(booking(0))])
    const hold = { id: id(30), token: 'the-secret-token-of-the-hold' }
    await confirm.execute({ kind: 'book', customerId: id(7), clinicId: id(1), appointment, hold })
    expect(appointments.calls[0].args[0]).toEqual({ appointment, paymentDetails: null, coherentTransactionId: null, hold })
    expect(payments.calls).toHaveLength(0)
  })

  it('holds the appointment, then creates the deposit invoice and pays it by card', async () => {
    const { appointments, payments, confirm } = setup()
    appointments.on('hold', [ok(booking(12.5))])
    payments.on('createInvoice', [ok(invoice)]).on('pay', [ok({ paymentUrl: 'http://pay/1', transactionId: 'tx1' })])
    const result = await confirm.execute({ kind: 'book', customerId: id(7), clinicId: id(1), appointment })
    expect(result).toEqual(
      E.right({
        _tag: 'PaymentRequired',
        booking: booking(12.5),
        payment: { invoiceId: id(20), amount: 12.5, paymentUrl: 'http://pay/1', transactionId: 'tx1' },
      }),
    )
    expect(appointments.calls[0].args[0]).toEqual({ appointment, paymentDetails: null, coherentTransactionId: null })
    expect(payments.calls[0].args[0]).toEqual({
      customer: id(7), clinic: id(1), appointmentId: id(10), origin: 'SALE', description: 'Invoice for Booking Deposit',
    })
    expect(payments.calls[1].args).toEqual([
      id(20),
      expect.objectContaining({ payments: [{ value: 12.5, type: 'Card', coherentPaymentFlag: true }], appointmentId: id(10), idempotencyKey: `${id(20)}:card` }),
    ])
  })

  it('goes straight through with a zero deposit from the server', async () => {
    const { appointments, payments, confirm } = setup()
    appointments.on('hold', [ok(booking(0))])
    const result = await confirm.execute({ kind: 'book', customerId: id(7), clinicId: id(1), appointment })
    expect(result).toEqual(E.right({ _tag: 'Booked', booking: booking(0) }))
    expect(payments.calls).toEqual([])
  })

  it("shows the server's message when the hold is refused, a plain text when the server never answered, else the fallback", async () => {
    const { appointments, confirm } = setup()
    appointments.on('hold', [httpFail(409, 'This time is no longer available'), unreachable('timeout of 30000ms exceeded'), E.left({ _tag: 'ContractViolation' as const, detail: 'x' })])
    const input = { kind: 'book' as const, customerId: id(7), clinicId: id(1), appointment }
    expect(await confirm.execute(input)).toEqual(E.left({ _tag: 'Refused', status: 409, message: 'This time is no longer available' }))
    expect(await confirm.execute(input)).toEqual(E.left({ _tag: 'Unreachable', message: TEXT.unreachable, cause: 'timeout of 30000ms exceeded' }))
    expect(await confirm.execute(input)).toEqual(E.left({ _tag: 'ContractViolation', message: 'An unexpected error occurred' }))
  })

  it('releases the hold when the payment cannot start', async () => {
    const { appointments, payments, confirm } = setup()
    appointments.on('hold', [ok(booking(12.5))]).on('deletePending', [ok({})])
    payments.on('createInvoice', [httpFail(500)])
    const result = await confirm.execute({ kind: 'book', customerId: id(7), clinicId: id(1), appointment })
    expect(result).toEqual(E.left({ _tag: 'Refused', status: 500, message: 'Request failed with status 500' }))
    expect(appointments.calls[1]).toEqual({ method: 'deletePending', args: [id(10), 10_000] })
  })

  it('reschedules each non-linked appointment keeping its offset from the first', async () => {
    const { appointments, confirm } = setup()
    appointments.on('reschedule', (appointmentId: string) => ok(view(Number.parseInt(appointmentId, 16), 'Scheduled')))
    const at = (iso: string) => new Date(iso)
    const items: RescheduleItem[] = [
      { appointmentId: id(10), event: { start: at('2026-03-02T09:00:00Z'), end: at('2026-03-02T09:30:00Z') }, practitioner: id(4) },
      { appointmentId: id(11), isLinked: true, event: { start: at('2026-03-02T09:30:00Z'), end: at('2026-03-02T10:00:00Z') } },
      { appointmentId: id(12), event: { start: at('2026-03-02T11:00:00Z'), end: at('2026-03-02T11:45:00Z') }, service: id(3) },
    ]
    const result = await confirm.execute({ kind: 'reschedule', appointments: items, newStart: at('2026-03-05T14:00:00Z') })
    expect(E.isRight(result) && result.right._tag).toBe('Rescheduled')
    expect(appointments.calls.map((c) => c.args)).toEqual([
      [id(10), { appointment: { event: { start: '2026-03-05T14:00:00.000Z', end: '2026-03-05T14:30:00.000Z' }, practitioner: id(4) } }],
      [id(12), { appointment: { event: { start: '2026-03-05T16:00:00.000Z', end: '2026-03-05T16:45:00.000Z' }, service: id(3) } }],
    ])
  })

  it('stops at the first refused reschedule with the booking error text', async () => {
    const { appointments, confirm } = setup()
    appointments.on('reschedule', [httpFail(409, 'Too late to change this appointment')])
    const items: RescheduleItem[] = [{ appointmentId: id(10), event: { start: new Date(event.start), end: new Date(event.end) } }]
    expect(await confirm.execute({ kind: 'reschedule', appointments: items, newStart: new Date('2026-03-05T14:00:00Z') })).toEqual(
      E.left({ _tag: 'Refused', status: 409, message: 'Too late to change this appointment' }),
    )
  })

  it('sends a course purchase and a gift voucher to the payment step', async () => {
    const { payments, confirm } = setup()
    payments
      .on('createInvoice', [ok<Invoice>({ ...invoice, origin: 'ONLINE_COURSE' })])
      .on('purchaseGiftVouchers', [ok(invoice)])
      .on('pay', [ok({ paymentUrl: 'http://pay/2', transactionId: 'tx2' })])
    const course = await confirm.execute({ kind: 'course', customerId: id(7), clinicId: id(1), courseIds: [id(31)] })
    expect(E.isRight(course) && course.right._tag).toBe('PaymentRequired')
    expect(payments.calls[0].args[0]).toEqual({
      customer: id(7), clinic: id(1), origin: 'ONLINE_COURSE', description: 'Online Course Purchase',
      items: [{ type: 'Course', quantity: 1, referenceId: id(31), location: id(1), onlineSale: true }],
      // the purchase's key: its invoice made once, whatever the tries
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
    const voucher = await confirm.execute({
      kind: 'giftVoucher', customerId: id(7), clinicId: id(1), vouchers: [{ value: 50, receiver: { name: ' Bo ', email: 'BO@X.CO' } }],
    })
    expect(E.isRight(voucher) && voucher.right._tag).toBe('PaymentRequired')
    expect(payments.calls[2].args[0]).toEqual({ customer: id(7), clinic: id(1), vouchers: [{ value: 50, receiver: { name: 'Bo', email: 'bo@x.co' } }], idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/) })
    // Another purchase, another key.
    expect((payments.calls[2].args[0] as { idempotencyKey: string }).idempotencyKey).not.toBe((payments.calls[0].args[0] as { idempotencyKey: string }).idempotencyKey)
  })
})

describe('PollPayment', () => {
  function poll() {
    const payments = fake<PaymentsApi>()
    const courses = fake<CoursesApi>()
    const clock = new ManualClock()
    const log = new MemoryLogger()
    return { payments, courses, clock, log, useCase: new PollPayment(payments.port, courses.port, clock, log) }
  }

  it('checks at once, then every 3 s until paid, and answers as soon as it is paid', async () => {
    const { payments, clock, log, useCase } = poll()
    payments.on('checkPayment', [ok({ isPaid: false }), httpFail(502), ok({ isPaid: false, status: 'declined', message: 'CVV is not correct.' }), ok({ isPaid: true })])
    const seen: string[] = []
    const result = await useCase.execute('tx1', { onCheck: (c) => seen.push(c.status ?? String(c.isPaid)) })
    expect(result).toEqual(E.right({ isPaid: true }))
    expect(payments.calls).toHaveLength(4)
    expect(clock.sleeps).toEqual([3000, 3000, 3000])
    expect(seen).toEqual(['false', 'declined', 'true'])
    expect(log.entries.map((e) => e.message)).toEqual(['Payment check failed'])
  })

  it('answers at once, without waiting, when the payment is already paid', async () => {
    const { payments, clock, useCase } = poll()
    payments.on('checkPayment', [ok({ isPaid: true })])
    expect(await useCase.execute('tx1', { timeoutMs: 60_000 })).toEqual(E.right({ isPaid: true }))
    expect(payments.calls).toHaveLength(1)
    expect(clock.sleeps).toEqual([])
  })

  it('verifies the course assignment once a course purchase is paid (failure only logged)', async () => {
    const { payments, courses, clock, log, useCase } = poll()
    payments.on('checkPayment', [ok({ isPaid: true })])
    courses.on('verifyAssignment', [httpFail(500)])
    expect(await useCase.execute('tx1', { verifyCourseInvoiceId: id(20) })).toEqual(E.right({ isPaid: true }))
    expect(clock.sleeps).toEqual([])
    expect(courses.calls).toEqual([{ method: 'verifyAssignment', args: [id(20)] }])
    expect(log.entries.map((e) => e.message)).toEqual(['Course assignment verification failed'])
  })

  it('is cancellable and can time out', async () => {
    const { payments, useCase } = poll()
    payments.on('checkPayment', [ok({ isPaid: false })])
    const controller = new AbortController()
    const cancelled = useCase.execute('tx1', { signal: controller.signal, onCheck: () => controller.abort() })
    expect(await cancelled).toEqual(E.left({ _tag: 'Cancelled', message: 'Cancelled' }))
    expect(await useCase.execute('tx1', { timeoutMs: 9000 })).toEqual(E.left({ _tag: 'Cancelled', message: 'Cancelled' }))
    expect(payments.calls.length).toBe(1 + 4)
  })
})

describe('HoldAppointment and DeletePendingAppointment', () => {
  it('holds with the server deposit and maps refusals', async () => {
    const api = fake<AppointmentsApi>().on('hold', [ok(booking(5)), httpFail(500)])
    const hold = new HoldAppointment(api.port)
    expect(await hold.execute({ appointment })).toEqual(E.right(booking(5)))
    expect(await hold.execute({ appointment })).toEqual(E.left({ _tag: 'Refused', status: 500, message: 'Request failed with status 500' }))
  })

  it('deletes a pending appointment with a 10 s timeout, silently', async () => {
    const api = fake<AppointmentsApi>().on('deletePending', [ok({}), unreachable('timeout of 10000ms exceeded')])
    const log = new MemoryLogger()
    const useCase = new DeletePendingAppointment(api.port, log)
    expect(await useCase.execute(id(10))).toEqual(E.right(true))
    expect(await useCase.execute(id(10))).toEqual(E.right(false))
    expect(api.calls[0].args).toEqual([id(10), 10_000])
    expect(log.entries).toHaveLength(1)
  })
})
