/**
 * book: the booking wizard in a terminal. Flags or interactive questions choose the location,
 * services (chained), staff, day and time; then the appointment is held, and a deposit is paid
 * with a sandbox test card (--card) or through the payment page while a spinner waits for it.
 * `--dry-run --json` prints a booking plan; `--from FILE` books that plan again.
 */
import { readFileSync } from 'node:fs'
import type { Command } from 'commander'
import * as E from 'fp-ts/Either'
import type { AppointmentPayload } from '../../src/contract/appointments.codecs'
import type { Service } from '../../src/contract/services.routes'
import type { Clinic } from '../../src/contract/clinics.routes'
import type { Practitioner } from '../../src/contract/practitioners.routes'
import { type ChainedSlot, GetAvailableDays, GetTimeSlots, ListPractitioners } from '../../src/application/use-cases/availability.use-case'
import { ConfirmBooking } from '../../src/application/use-cases/confirm-booking.use-case'
import { DeletePendingAppointment, GetAppointment } from '../../src/application/use-cases/appointments.use-case'
import { formatLondonDateTime } from '../../src/domain/time'
import { dropUndefined, initialWizardState, listedPrice, toBookingRequest, type BookingRequest, type Payer, type WizardItem, type WizardState } from '../../src/domain/booking/wizard'
import type { CliContext } from '../context'
import { CliError, EXIT, refused, usageError } from '../exit-codes'
import { formatPairs } from '../output/table'
import { addPaymentOptions, pay, withAbsoluteUrl, type PaymentOptions } from './payment'
import { collect, currentMonth, monthOfDate, notPast, parseDate, parseMonth, parseTime } from './args'
import { appointmentsTable, withLinked } from './appointments.command'
import { serviceDuration, servicePrice } from './catalogue.command'
import { displayDate, weekday } from './availability.command'
import { decodePlan, type BookingPlan } from './booking-plan'
import { catalogue, pick, resolveLocation, resolvePractitioner, serviceName } from './resolve'

interface BookOptions extends PaymentOptions {
  location?: string
  service: string[]
  staff?: string
  month?: { year: number; month: number }
  date?: string
  time?: string
  from?: string
  dryRun?: boolean
  interactive?: boolean
  yes?: boolean
}

/** What is being booked, before the slot is known. */
interface Choice {
  clinic: Clinic
  services: Service[]
  staff: Practitioner | null
  date: string
  time: string
}

/** The price of the appointment and its linked ones; undefined when none is known. */
export function totalPrice(appointment: AppointmentPayload): number | undefined {
  const prices = [appointment.price, ...(appointment.linkedAppointments ?? []).map((l) => l.price)].filter((p): p is number => p !== undefined)
  return prices.length ? Math.round(prices.reduce((a, b) => a + b, 0) * 100) / 100 : undefined
}

/**
 * The wizard's state of what the command chose, on confirm: each service with the practitioner its
 * part of the slot belongs to (their price, from that service's practitioner list, is what the
 * server charges) and its times. The web's confirm step builds its request from the same state.
 */
export function wizardStateOfChoice(choice: Pick<Choice, 'clinic' | 'services' | 'staff'>, slot: ChainedSlot, staffLists: readonly Practitioner[][]): WizardState {
  const basket = choice.services.map((service, i): WizardItem => {
    const part = slot.parts[i]
    const known = staffLists[i]?.find((p) => p.id === part.practitioner) ?? (i === 0 && choice.staff?.id === part.practitioner ? choice.staff : undefined)
    return dropUndefined({
      kind: 'service' as const,
      service: dropUndefined({ id: service.id, categoryId: service.category, defaultPrice: listedPrice(service), bookingDepositType: service.bookingDepositType, bookingDepositAmount: service.bookingDepositAmount }),
      staff: dropUndefined({ id: part.practitioner, grossPrice: known?.grossPrice }),
      anyStaff: false,
      start: part.startDate,
      end: part.endDate,
    })
  })
  return { ...initialWizardState, locationId: choice.clinic.id, basket, step: 'confirm', hold: { status: 'pending' } }
}

/** The booking request of the choice, as the web's confirm step builds it (toBookingRequest). */
export function bookingRequestOf(state: WizardState, payer: Payer): Extract<BookingRequest, { kind: 'book' }> {
  const request = toBookingRequest(state, payer)
  if (E.isLeft(request) || request.right.kind !== 'book') throw new CliError(`Cannot book this choice (${E.isLeft(request) ? request.left._tag : request.right.kind}).`, EXIT.unreachable)
  return request.right
}

const MONTHS_AHEAD = 12
const monthName = (m: { year: number; month: number }) =>
  new Date(Date.UTC(m.year, m.month - 1, 1)).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const nextMonth = (m: { year: number; month: number }) => (m.month === 12 ? { year: m.year + 1, month: 1 } : { year: m.year, month: m.month + 1 })

/** The day, from --date or a numbered list of the month's available days (the last choice: the next month). */
async function chooseDate(ctx: CliContext, choice: Omit<Choice, 'date' | 'time'>, opts: BookOptions): Promise<string> {
  if (opts.date) return opts.date
  if (!ctx.canPrompt(opts.interactive)) throw usageError('--date is required (or run interactively).')
  let month = opts.month ?? currentMonth()
  for (let ahead = 0; ahead < MONTHS_AHEAD; ahead++) {
    const days = await ctx.call('Loading available days', () =>
      ctx.useCase(GetAvailableDays).execute({
        clinic: choice.clinic.id,
        ...month,
        items: choice.services.map((s, i) => ({ service: s.id, practitioner: i === 0 ? (choice.staff?.id ?? null) : null })),
      }),
    )
    if (days.length === 0) ctx.info(`There is no availability in ${monthName(month)}.`)
    const later = nextMonth(month)
    const picked = await ctx.prompt.choose<string | null>('Choose the day', [
      ...days.map((d) => ({ label: `${displayDate(d)}  ${weekday(d)}`, value: d })),
      { label: `Later: ${monthName(later)}`, value: null },
    ])
    if (picked !== null) return picked
    month = later
  }
  throw refused(`There is no availability for your selection in the next ${MONTHS_AHEAD} months.`)
}

async function slotsFor(ctx: CliContext, c: Omit<Choice, 'time'>, userId?: string): Promise<ChainedSlot[]> {
  return ctx.call('Loading times', () =>
    ctx.useCase(GetTimeSlots).execute({
      clinic: c.clinic.id,
      date: c.date,
      ...(userId ? { user: userId } : {}),
      items: c.services.map((s, i) => ({ service: s.id, practitioner: i === 0 ? (c.staff?.id ?? null) : null })),
    }),
  )
}

async function chooseTime(ctx: CliContext, slots: ChainedSlot[], opts: BookOptions, given: string): Promise<string> {
  if (given) return given
  if (!ctx.canPrompt(opts.interactive)) throw usageError('--time is required (or run interactively).')
  const valid = slots.filter((s) => s.valid)
  if (valid.length === 0) throw refused('No times available on this day.')
  return ctx.prompt.choose('Choose the time', valid.map((s) => ({ label: s.value, value: s.value })))
}

function slotAt(slots: readonly ChainedSlot[], time: string, date: string): ChainedSlot {
  const slot = slots.find((s) => s.valid && s.value === time)
  if (slot) return slot
  const free = slots.filter((s) => s.valid).map((s) => s.value)
  throw refused(`${time} is not available on ${displayDate(date)}${free.length ? ` (available: ${free.join(', ')})` : ' (no times available on this day)'}.`)
}

export function planOf(choice: Choice, slot: ChainedSlot, staffLists: readonly Practitioner[][], payer: Payer): BookingPlan {
  const names = new Map<string, string>()
  for (const p of [...staffLists.flat(), ...(choice.staff ? [choice.staff] : [])]) names.set(p.id, p.displayName)
  return {
    version: 1,
    location: { id: choice.clinic.id, name: choice.clinic.accountName },
    date: choice.date,
    time: choice.time,
    staff: choice.staff ? { id: choice.staff.id, name: choice.staff.displayName } : null,
    services: choice.services.map((s, i) => ({
      id: s.id,
      name: serviceName(s),
      practitioner: { id: slot.parts[i].practitioner, name: names.get(slot.parts[i].practitioner) ?? '' },
      start: slot.parts[i].startDate,
      end: slot.parts[i].endDate,
    })),
    appointment: bookingRequestOf(wizardStateOfChoice(choice, slot, staffLists), payer).appointment,
  }
}

function readPlanFile(path: string): BookingPlan {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (e) {
    throw usageError(`Cannot read the booking plan ${path}: ${(e as Error).message}`)
  }
  const plan = decodePlan(raw)
  if (E.isLeft(plan)) throw usageError(`${path} is not a booking plan (as 'clinic book --dry-run --json' prints): ${plan.left}`)
  return plan.right
}

/** Location, services, staff, day and time: from the plan file, the flags, or questions. */
async function choose(ctx: CliContext, opts: BookOptions, plan: BookingPlan | undefined): Promise<Choice> {
  const clinic = await resolveLocation(ctx, plan?.location.id ?? opts.location, opts.interactive)
  const { entries } = await catalogue(ctx, clinic.id)
  const all = entries.map((e) => e.service)
  const currency = !plan && opts.service.length === 0 && ctx.canPrompt(opts.interactive) ? await ctx.currency() : undefined
  const detail = (s: Service) => (currency ? [serviceDuration(s), servicePrice(s, currency)].filter((t) => t !== '').join(', ') : '')
  const option = { option: '--service', noun: 'service', interactive: opts.interactive, detail }
  const wanted = plan ? plan.services.map((s) => s.id) : opts.service
  const services: Service[] = []
  for (const value of wanted) services.push(await pick(ctx, option, all, value, (s) => s.id, serviceName, (s) => [s.name, s.onlineName]))
  if (services.length === 0) {
    services.push(await pick(ctx, option, all, undefined, (s) => s.id, serviceName, (s) => [s.name, s.onlineName]))
    while (ctx.canPrompt(opts.interactive) && (await ctx.prompt.confirm('Add another service right after it?'))) {
      services.push(await pick(ctx, option, all, undefined, (s) => s.id, serviceName, (s) => [s.name, s.onlineName]))
    }
  }
  const month = plan ? monthOfDate(plan.date) : opts.date ? monthOfDate(opts.date) : (opts.month ?? currentMonth())
  const staffValue = plan ? (plan.staff?.id ?? 'any') : opts.staff
  const staff = await resolvePractitioner(ctx, clinic.id, services[0].id, month, staffValue, opts.interactive)
  const date = plan?.date ?? (await chooseDate(ctx, { clinic, services, staff }, opts))
  return { clinic, services, staff, date, time: plan?.time ?? opts.time ?? '' }
}

/** The practitioners of each service (their names and prices), in the order of the services; [] when a list cannot be had. */
async function staffLists(ctx: CliContext, choice: Choice): Promise<Practitioner[][]> {
  const month = monthOfDate(choice.date)
  const lists: Practitioner[][] = []
  for (const service of choice.services) {
    const result = await ctx.useCase(ListPractitioners).execute({ clinic: choice.clinic.id, service: service.id, ...month })
    lists.push(E.isRight(result) ? result.right : [])
  }
  return lists
}

export function registerBookCommand(program: Command, ctx: CliContext): void {
  const command = program
    .command('book')
    .description('book an appointment and pay its deposit (asks for whatever the flags leave out, on a terminal)')
    .option('--location <id|name>', 'location (optional when there is only one)')
    .option('--service <id|name>', 'service; repeat to book several one after another', collect, [])
    .option('--staff <id|name|any>', 'practitioner of the first service, or any (asked on a terminal, else any)')
    .option('--month <yyyy-MM>', 'month whose available days to offer (interactive)', parseMonth)
    .option('--date <yyyy-MM-dd>', 'day', parseDate)
    .option('--time <HH:mm>', 'start time (London)', parseTime)
    .option('--from <file>', "book again from a plan file (what 'book --dry-run --json' prints)")
    .option('--dry-run', 'check the time and print the booking plan; book nothing')
  addPaymentOptions(command, 'the deposit', 'until the 5-minute hold ends')
  command
    .option('-i, --interactive', 'ask for what is missing even when stdin is not a terminal')
    .option('-y, --yes', 'do not ask for confirmation before booking')
    .addHelpText(
      'after',
      `
Examples:
  clinic book                                  ask for everything (on a terminal)
  clinic book --location London --service "Deep tissue massage" --date 2026-12-02 --time 10:00 --card 4242424242424242
  clinic book --location London --service Massage --service "Vitamin B12" --date 2026-12-02 --time 10:00
      (no --card: prints the payment page and waits for the payment)
  clinic --json book ... --dry-run > plan.json   then   clinic book --from plan.json --card 4242424242424242

Test cards: docs/test-cards.md (4242424242424242 succeeds, 4000000000000127 fails the CVV check).`,
    )
    .action(async (opts: BookOptions) => {
      if (opts.from && (opts.service.length || opts.location || opts.date || opts.time || opts.staff)) {
        throw usageError('--from takes the location, services, staff, day and time from the file; do not combine it with those options.')
      }
      const filePlan = opts.from ? readPlanFile(opts.from) : undefined
      if (opts.date) notPast(opts.date)
      if (filePlan) notPast(filePlan.date, `The plan's day (${opts.from})`)
      const user = opts.dryRun ? undefined : await ctx.currentUser()
      const choice = await choose(ctx, opts, filePlan)
      const slots = await slotsFor(ctx, choice, user?.id)
      choice.time = await chooseTime(ctx, slots, opts, choice.time)
      const slot = slotAt(slots, choice.time, choice.date)
      const lists = await staffLists(ctx, choice)
      // A dry run knows no customer: the deposit it shows leaves the account balance out.
      const payer: Payer = { customerId: user?.id ?? '', accountBalance: user?.accountBalance, settings: await ctx.org() }
      const plan = planOf(choice, slot, lists, payer)
      const money = await ctx.moneyFormatter()
      const summary = () =>
        formatPairs([
          ['Location', plan.location.name],
          ['When', formatLondonDateTime(new Date(slot.startDate))],
          ...plan.services.map((s, i) => [i === 0 ? 'Services' : '', `${s.name} with ${s.practitioner.name || s.practitioner.id} at ${formatLondonDateTime(new Date(s.start)).slice(11)}`] as const),
          ['Price', money(totalPrice(plan.appointment))],
        ])
      if (opts.dryRun) {
        ctx.print(plan, summary)
        return
      }
      if (!opts.yes && !opts.from && ctx.canPrompt(opts.interactive) && !opts.card) {
        ctx.info(summary())
        if (!(await ctx.prompt.confirm('Book it?'))) throw refused('Not booked.')
      }
      const outcome = await ctx.call('Holding the appointment', () =>
        ctx.useCase(ConfirmBooking).execute(bookingRequestOf(wizardStateOfChoice(choice, slot, lists), payer)),
      )
      if (outcome._tag === 'Rescheduled') throw new CliError('Unexpected answer to a booking.', EXIT.unreachable)
      const booking = outcome.booking!
      const payment = outcome._tag === 'PaymentRequired' ? outcome.payment : undefined
      let paymentUrl: string | undefined
      if (payment) {
        paymentUrl = withAbsoluteUrl(ctx, payment).paymentUrl
        const appointmentId = booking.appointment.id
        await pay(ctx, opts, { ...payment, paymentUrl }, {
          texts: {
            what: `the deposit of ${money(payment.amount)}`,
            notDone: 'The appointment was not booked.',
            interrupted: 'Interrupted: the appointment was released.',
            late: 'The deposit was not paid in time; the appointment was released.',
          },
          waitMs: Math.max((booking.holdExpiresAt ? Date.parse(booking.holdExpiresAt) : 0) - Date.now(), 30_000),
          release: async () => {
            await ctx.useCase(DeletePendingAppointment).execute(appointmentId)
          },
        })
      }
      const final = await ctx.call('Loading the appointment', () => ctx.useCase(GetAppointment).execute(booking.appointment.id))
      ctx.done(
        `Booked: ${formatLondonDateTime(new Date(final.event.start))} at ${final.clinic.accountName}${payment ? `; deposit of ${money(payment.amount)} paid` : ''}.`,
      )
      ctx.print(
        {
          appointment: final,
          deposit: booking.deposit,
          ...(payment ? { payment: { invoiceId: payment.invoiceId, transactionId: payment.transactionId, paymentUrl, amount: payment.amount, paid: true } } : {}),
          plan,
        },
        () => appointmentsTable(ctx, withLinked(final)),
      )
    })
}
