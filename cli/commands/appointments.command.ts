/** appointments, cancel, reschedule: the signed-in customer's appointments. */
import type { Command } from 'commander'
import * as E from 'fp-ts/Either'
import type { AppointmentView } from '../../src/contract/appointments.codecs'
import type { OrganisationPublic } from '../../src/contract/organisation.routes'
import { CancelAppointment, GetAppointment, ListMyAppointments } from '../../src/application/use-cases/appointments.use-case'
import { GetTimeSlots } from '../../src/application/use-cases/availability.use-case'
import { ConfirmBooking } from '../../src/application/use-cases/confirm-booking.use-case'
import { accountRowAction } from '../../src/domain/booking/account'
import { appointmentActions, guardCancel, guardReschedule, lateCancellationPeriodHours, policyRefusalMessage, type CancellationSettings } from '../../src/domain/policy/cancellation'
import { currencyOrDefault } from '../../src/domain/pricing/money'
import { formatLondonDateTime } from '../../src/domain/time'
import type { CliContext } from '../context'
import { refused } from '../exit-codes'
import { formatTable } from '../output/table'
import { notPast, parseDate, parseObjectId, parseTime } from './args'
import { displayDate } from './availability.command'
import { ANY_STAFF, pick, serviceName } from './resolve'
import { practitionersFor } from './resolve'
import { monthOfDate } from './args'

export const settingsOf = (org: OrganisationPublic): CancellationSettings => ({ ...org, currency: currencyOrDefault(org.currency) })

/** The appointment and its linked ones, as table rows. */
export const withLinked = (a: AppointmentView): AppointmentView[] => [a, ...(a.linkedAppointments ?? []).map((l) => l as AppointmentView)]

export function appointmentsTable(ctx: CliContext, rows: readonly AppointmentView[], actions?: (a: AppointmentView) => string): string {
  return formatTable(
    rows,
    [
      { header: 'ID', value: (a) => a.id },
      { header: 'Date', value: (a) => formatLondonDateTime(new Date(a.event.start)) },
      { header: 'Service', value: (a) => `${a.isLinked ? '+ ' : ''}${serviceName(a.service)}` },
      { header: 'Staff', value: (a) => a.practitioner.displayName },
      { header: 'Location', value: (a) => a.clinic.accountName },
      { header: 'Status', value: (a) => a.status },
      ...(actions ? [{ header: 'Actions', value: actions }] : []),
    ],
    { empty: 'No content to show.', header: ctx.style.bold },
  )
}

function actionLabel(a: AppointmentView, now: Date, settings: CancellationSettings): string {
  const action = accountRowAction({ ...a, start: new Date(a.event.start), clinic: a.clinic, service: a.service }, now, settings)
  if (action.kind !== 'options') return action.label
  // the app shows its Options menu disabled: nothing can be done online
  if (action.view.kind === 'disabled') return `none (within the ${lateCancellationPeriodHours(settings)}-hour late cancellation period)`
  return action.view.actions.join(', ')
}

export function registerAppointmentCommands(program: Command, ctx: CliContext): void {
  program
    .command('appointments')
    .description("the signed-in customer's appointments (pending and cancelled ones hidden)")
    .action(async () => {
      const user = await ctx.currentUser()
      const list = await ctx.call('Loading appointments', () => ctx.useCase(ListMyAppointments).execute(user.id))
      const settings = settingsOf(await ctx.org())
      const now = new Date()
      ctx.print(list, () => appointmentsTable(ctx, list, (a) => actionLabel(a, now, settings)))
    })

  program
    .command('cancel')
    .description('cancel one of your appointments (the server applies the cancellation policy)')
    .argument('<appointmentId>', 'appointment id', parseObjectId)
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (id: string, opts: { yes?: boolean }) => {
      if (!opts.yes && ctx.canPrompt()) {
        const appointment = await ctx.call('Loading the appointment', () => ctx.useCase(GetAppointment).execute(id))
        const policy = { ...appointment, start: new Date(appointment.event.start) }
        const settings = settingsOf(await ctx.org())
        // what the server would refuse (within the late period, in the past...) is said before asking
        const allowed = guardCancel(policy, new Date(), settings)
        if (E.isLeft(allowed)) throw refused(policyRefusalMessage(allowed.left))
        const view = appointmentActions(policy, new Date(), settings)
        const dialog = view.kind === 'menu' ? view.cancelConfirmation : { title: 'Confirm cancellation', message: 'Are you sure you want to cancel this appointment?' }
        ctx.info(`${dialog.title}: ${dialog.message}`)
        if (!(await ctx.prompt.confirm('Cancel it?'))) throw refused('Not cancelled.')
      }
      const cancelled = await ctx.call('Cancelling', () => ctx.useCase(CancelAppointment).execute(id))
      ctx.done('Appointment cancelled.')
      ctx.print(cancelled, () => appointmentsTable(ctx, withLinked(cancelled)))
    })

  program
    .command('reschedule')
    .description('move one of your appointments to another time (of the same practitioner unless --staff is given)')
    .argument('<appointmentId>', 'appointment id', parseObjectId)
    .requiredOption('--date <yyyy-MM-dd>', 'new day', parseDate)
    .requiredOption('--time <HH:mm>', 'new start time (London)', parseTime)
    .option('--staff <id|name|any>', 'practitioner (default: the same one)')
    .option('-y, --yes', 'do not ask for confirmation of a late change (asked on a terminal)')
    .action(async (id: string, opts: { date: string; time: string; staff?: string; yes?: boolean }) => {
      notPast(opts.date)
      const user = await ctx.currentUser()
      const appointment = await ctx.call('Loading the appointment', () => ctx.useCase(GetAppointment).execute(id))
      // what the policy refuses (linked, past, within the late period...) is said before any time is looked up
      const policy = { ...appointment, start: new Date(appointment.event.start) }
      const settings = settingsOf(await ctx.org())
      const allowed = guardReschedule(policy, new Date(), settings)
      if (E.isLeft(allowed)) throw refused(policyRefusalMessage(allowed.left))
      let practitioner: string | null = appointment.practitioner.id
      if (opts.staff !== undefined) {
        if (opts.staff.trim().toLowerCase() === ANY_STAFF) practitioner = null
        else {
          const staff = await practitionersFor(ctx, appointment.clinic.id, appointment.service.id, monthOfDate(opts.date))
          practitioner = (await pick(ctx, { option: '--staff', noun: 'practitioner' }, staff, opts.staff, (p) => p.id, (p) => p.displayName)).id
        }
      }
      const linked = appointment.linkedAppointments ?? []
      const slots = await ctx.call('Loading times', () =>
        ctx.useCase(GetTimeSlots).execute({
          clinic: appointment.clinic.id,
          date: opts.date,
          user: user.id,
          rescheduleId: id,
          items: [{ service: appointment.service.id, practitioner }, ...linked.map((l) => ({ service: l.service.id, practitioner: l.practitioner.id }))],
        }),
      )
      const slot = slots.find((s) => s.valid && s.value === opts.time)
      if (!slot) {
        const free = slots.filter((s) => s.valid).map((s) => s.value)
        const others = opts.staff === undefined ? `; --staff any looks beyond ${appointment.practitioner.displayName}` : ''
        throw refused(
          `${opts.time} is not available on ${displayDate(opts.date)}${free.length ? ` (available: ${free.join(', ')}${others})` : ` (no times available on this day${others})`}.`,
        )
      }
      // the app's 'Late appointment change' dialog: a late change (with terms shown) is confirmed first
      const view = appointmentActions(policy, new Date(), settings)
      const warning = view.kind === 'menu' ? view.rescheduleConfirmation : null
      if (warning && !opts.yes && ctx.canPrompt()) {
        ctx.info(`${warning.title}: ${warning.message}`)
        if (!(await ctx.prompt.confirm('Reschedule it?'))) throw refused('Not rescheduled.')
      }
      const outcome = await ctx.call('Rescheduling', () =>
        ctx.useCase(ConfirmBooking).execute({
          kind: 'reschedule',
          newStart: new Date(slot.startDate),
          appointments: [
            {
              appointmentId: appointment.id,
              isLinked: appointment.isLinked,
              event: { start: new Date(appointment.event.start), end: new Date(appointment.event.end) },
              practitioner: slot.parts[0].practitioner,
              clinic: appointment.clinic.id,
              service: appointment.service.id,
            },
          ],
        }),
      )
      const moved = outcome._tag === 'Rescheduled' ? outcome.appointments : []
      ctx.done(`Appointment rescheduled to ${formatLondonDateTime(new Date(slot.startDate))}.`)
      ctx.print(moved, () => appointmentsTable(ctx, moved.flatMap(withLinked)))
    })
}
