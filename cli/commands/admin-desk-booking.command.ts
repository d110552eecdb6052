/**
 * The front desk from the CLI (issue 29): `clinic admin book` books on a customer's behalf through
 * the same use case as the /staff page, and `clinic admin pay-at-clinic` switches a booking still
 * waiting for its pay link to payment at the clinic (the customer phoned to say they pay on the day);
 * `clinic admin customer show | note` read the customer's record and add a staff note. Staff commands (the staff login): the notes are for staff and never
 * appear in the customer's own commands, only in the customer's data export (the right of access).
 */
import type { Command } from 'commander'
import * as E from 'fp-ts/Either'
import { FindCustomer } from '../../src/application/use-cases/admin.use-case'
import { AddStaffNote, BookOnBehalf, ListDeskServices, PayAtClinicInstead, ShowCustomerRecord } from '../../src/application/use-cases/desk.use-case'
import type { AppError } from '../../src/application/failure'
import type { DayBooking } from '../../src/contract/admin.routes'
import type { CustomerRecord, DeskBookingResult } from '../../src/contract/desk.routes'
import type { DeskPaymentChoice } from '../../src/domain/booking/desk-request'
import { isCustomerClashText } from '../../src/domain/booking/customer-clash'
import { DISPLAY_DATE_TIME_FORMAT, LONDON_TIME_ZONE } from '../../src/domain/time'
import { formatInTimeZone } from 'date-fns-tz'
import { formatMoney, type Currency } from '../../src/domain/pricing/money'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { formatTable } from '../output/table'
import { parseObjectId, startOf } from './args'
import { ANY_STAFF, pick, resolveLocation } from './resolve'

const PAYMENTS: readonly DeskPaymentChoice[] = ['card', 'link', 'clinic']
/** A walk-in is not a customer yet: the unknown email's refusal says which command makes one. */
const withCreateHint = (error: AppError): AppError =>
  error._tag === 'Refused' && error.status === 404 ? { ...error, message: `${error.message} Create them with 'clinic admin customer create'.` } : error
/** The customer's clash (the server names their other visit): the override is a flag, said with the refusal (booking and move). */
export const withOverlapHint =
  (anyway: string) =>
  (error: AppError): AppError =>
    error._tag === 'Refused' && error.status === 409 && isCustomerClashText(error.message) ? { ...error, message: `${error.message} To ${anyway} anyway, run the command again with --allow-overlap.` } : error

const when = (iso: string) => formatInTimeZone(new Date(iso), LONDON_TIME_ZONE, DISPLAY_DATE_TIME_FORMAT)

const visitsTable = (rows: readonly DayBooking[]) =>
  formatTable(rows, [
    { header: 'When', value: (v) => when(v.start) },
    { header: 'Service', value: (v) => v.service },
    { header: 'Practitioner', value: (v) => v.practitioner },
    { header: 'Location', value: (v) => v.location },
    { header: 'Status', value: (v) => `${v.status}${v.checkedIn ? ', checked in' : ''}` },
    // the id that check-in, checkout, cancel and move take, as `admin bookings` lists it
    { header: 'ID', value: (v) => v.id },
  ], { empty: 'None.' })

/** The deposit in the organisation's currency, as `admin bookings` shows what was paid. */
export function bookedText(r: DeskBookingResult, currency: Currency): string {
  // Paid at the clinic, no deposit is taken now: 'Deposit £0.00' would read as if the service had none.
  const money = r.payment === 'clinic' && r.dueAtClinic !== undefined ? `Pay at the clinic: ${formatMoney(r.dueAtClinic, currency)}.` : `Deposit ${formatMoney(r.deposit, currency)}, paid ${formatMoney(r.depositPaid, currency)}.`
  return [r.message, visitsTable(r.appointments), money, ...(r.payLink ? [`Pay link (mailed to the customer): ${r.payLink}`] : [])].join('\n')
}

export function recordText(r: CustomerRecord): string {
  const c = r.contact
  return [
    `${[c.title, c.firstName, c.surname].filter(Boolean).join(' ')} <${c.email}>${c.mobilePhone ? ` ${c.mobilePhone}` : ''}${c.verified ? '' : ' (password not set yet)'}`,
    '', 'Upcoming visits', visitsTable(r.upcoming),
    '', 'Past visits', visitsTable(r.past),
    '', 'Courses', formatTable(r.courses, [
      { header: 'Course', value: (x) => x.name },
      { header: 'Service', value: (x) => x.service.name },
      { header: 'Used', value: (x) => `${x.redeemed}/${x.quantity}` },
      { header: 'Expires', value: (x) => (x.endsOn ? x.endsOn.slice(0, 10) : 'No expiry') },
    ], { empty: 'None.' }),
    '', 'Forms', formatTable(r.forms, [
      { header: 'Form', value: (f) => f.name },
      { header: 'Type', value: (f) => f.type },
      { header: 'Sent', value: (f) => when(f.sentAt) },
      { header: 'State', value: (f) => (f.isSigned ? 'signed' : f.isUpdated ? 'completed' : 'waiting') },
    ], { empty: 'None sent.' }),
    '', 'Staff notes (staff only)', formatTable(r.notes, [
      { header: 'When', value: (n) => when(n.createdAt) },
      { header: 'By', value: (n) => n.author },
      { header: 'Note', value: (n) => n.text },
    ], { empty: 'None.' }),
  ].join('\n')
}

export function registerDeskBookingCommands(admin: Command, customer: Command, ctx: CliContext, call: CliContext['call']): void {
  admin
    .command('book')
    .description("book on a customer's behalf (the desk): services in order, chained; deposit from the stored card, a mailed pay link, or paid at the clinic")
    .requiredOption('--customer <email-or-id>', 'the customer (exact email or id)')
    .requiredOption('--location <name-or-id>', 'the location (name or id)')
    .requiredOption('--service <name-or-id...>', 'the services (names or ids), in booking order')
    .option('--practitioner <name-or-id...>', "a practitioner (name or id) per service, in the same order ('any' for any)")
    .requiredOption('--start <when>', "'yyyy-MM-dd HH:mm' (London time) or an ISO instant")
    .option('--pay <how>', 'card, link or clinic', 'link')
    .option('--transaction-id <id>', 'the same id as an earlier run (its answer was lost): answers that booking again, and does not mail its pay link twice')
    .option('--resend-link', "with --transaction-id: send that booking's pay link to the customer again, on purpose")
    .option('--allow-overlap', 'book even though the customer has another visit at that time (refused otherwise, naming it)')
    .action(async (opts: { customer: string; location: string; service: string[]; practitioner?: string[]; start: string; pay: string; transactionId?: string; resendLink?: boolean; allowOverlap?: boolean }) => {
      if (opts.resendLink && !opts.transactionId) throw usageError('--resend-link needs the --transaction-id of the booking.')
      if (!(PAYMENTS as readonly string[]).includes(opts.pay)) throw usageError(`--pay must be card, link or clinic, got '${opts.pay}'.`)
      const practitioners = opts.practitioner ?? []
      if (practitioners.length > opts.service.length) throw usageError('Give at most one --practitioner per --service.')
      const start = startOf(opts.start)
      const found = await call('Looking the customer up', async () => E.mapLeft(withCreateHint)(await ctx.useCase(FindCustomer).execute(opts.customer)))
      // Names as the other commands take them (resolve.ts); the desk's own list of services, those not bookable online too.
      const location = await resolveLocation(ctx, opts.location)
      const offered = await call('Loading services', () => ctx.useCase(ListDeskServices).execute(location.id))
      const services = await Promise.all(opts.service.map((value) => pick(ctx, { option: '--service', noun: 'service' }, offered, value, (s) => s.id, (s) => s.name)))
      const chosen = await Promise.all(
        services.map(async (service, i) => {
          const p = practitioners[i]
          if (!p || p.trim().toLowerCase() === ANY_STAFF) return { serviceId: service.id }
          const who = await pick(ctx, { option: '--practitioner', noun: 'practitioner' }, service.practitioners, p, (x) => x.id, (x) => x.name)
          return { serviceId: service.id, practitionerId: who.id }
        }),
      )
      const draft = {
        customerId: found.id,
        locationId: location.id,
        start,
        payment: opts.pay as DeskPaymentChoice,
        services: chosen,
        // A run again with the same id (its answer was lost) answers that booking; its pay link is not mailed twice.
        ...(opts.transactionId ? { transactionId: opts.transactionId } : {}),
        ...(opts.resendLink ? { resendPayLink: true } : {}),
        ...(opts.allowOverlap ? { allowOverlap: true } : {}),
      }
      const booked = await call('Booking', async () => E.mapLeft(withOverlapHint('book them'))(await ctx.useCase(BookOnBehalf).execute(draft)))
      const currency = ctx.json ? 'GBP' : await ctx.currency()
      ctx.print(booked, () => bookedText(booked, currency))
    })

  admin
    .command('pay-at-clinic')
    .argument('<appointment-id>', 'an appointment of the booking (admin book and admin bookings list it)', parseObjectId)
    .description('a booking made with a pay link that the customer has not paid: paid at the clinic instead (confirmed now, the link stops working, the customer is mailed the confirmation)')
    .action(async (id: string) => {
      const switched = await call('Switching to pay at the clinic', () => ctx.useCase(PayAtClinicInstead).execute(id))
      const currency = ctx.json ? 'GBP' : await ctx.currency()
      ctx.print(switched, () => bookedText(switched, currency))
    })

  customer
    .command('show <email-or-id>')
    .description("a customer's record: contact details, upcoming and past visits, courses, forms and the staff notes")
    .action(async (who: string) => {
      const found = await call('Looking the customer up', () => ctx.useCase(FindCustomer).execute(who))
      const record = await call("Loading the customer's record", () => ctx.useCase(ShowCustomerRecord).execute(found.id))
      ctx.print(record, () => recordText(record))
    })

  customer
    .command('note <email-or-id> <text>')
    .description("add a staff note to the customer's record (shown to staff only; in the customer's data export)")
    .action(async (who: string, text: string) => {
      if (text.trim() === '') throw usageError('Write the note.')
      const found = await call('Looking the customer up', () => ctx.useCase(FindCustomer).execute(who))
      const note = await call('Adding the note', () => ctx.useCase(AddStaffNote).execute(found.id, text))
      ctx.print(note, () => 'Note added.')
    })
}
