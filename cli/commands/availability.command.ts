/** staff, days, slots: who is free, on which days of a month and at which times of a day. */
import type { Command } from 'commander'
import { GetAvailableDays, GetTimeSlots } from '../../src/application/use-cases/availability.use-case'
import { formatLondonTime } from '../../src/domain/time'
import type { CliContext } from '../context'
import { formatTable } from '../output/table'
import { collect, currentMonth, monthOfDate, notPast, parseDate, parseMonth } from './args'
import { practitionersFor, resolveLocation, resolvePractitioner, resolveServices } from './resolve'
import { usageError } from '../exit-codes'

export const weekday = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' })
export const displayDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`

export function registerAvailabilityCommands(program: Command, ctx: CliContext): void {
  program
    .command('staff')
    .description('practitioners who perform a service at a location, with their price and duration')
    .option('--location <id|name>', 'location (optional when there is only one)')
    .requiredOption('--service <id|name>', 'service')
    .option('--month <yyyy-MM>', 'month (default: this month)', parseMonth)
    .action(async (opts: { location?: string; service: string; month?: { year: number; month: number } }) => {
      const clinic = await resolveLocation(ctx, opts.location)
      const [service] = await resolveServices(ctx, clinic.id, [opts.service])
      const money = await ctx.moneyFormatter()
      const staff = await practitionersFor(ctx, clinic.id, service.id, opts.month ?? currentMonth())
      ctx.print(staff, () =>
        formatTable(
          staff,
          [
            { header: 'ID', value: (p) => p.id },
            { header: 'Name', value: (p) => p.displayName },
            { header: 'Duration', value: (p) => (p.duration === undefined ? '' : `${p.duration} mins`), align: 'right' },
            { header: 'Price', value: (p) => money(p.grossPrice), align: 'right' },
          ],
          { empty: 'No content to show.', header: ctx.style.bold },
        ),
      )
    })

  program
    .command('days')
    .description('the days of a month with availability for the services (chained in order)')
    .option('--location <id|name>', 'location (optional when there is only one)')
    .option('--service <id|name>', 'service; repeat for several services booked one after another', collect, [])
    .option('--staff <id|name|any>', 'practitioner (default: any)')
    .option('--month <yyyy-MM>', 'month (default: this month)', parseMonth)
    .action(async (opts: { location?: string; service: string[]; staff?: string; month?: { year: number; month: number } }) => {
      if (opts.service.length === 0) throw usageError("required option '--service <id|name>' not specified")
      const clinic = await resolveLocation(ctx, opts.location)
      const services = await resolveServices(ctx, clinic.id, opts.service)
      const month = opts.month ?? currentMonth()
      const practitioner = await resolvePractitioner(ctx, clinic.id, services[0].id, month, opts.staff ?? 'any')
      const days = await ctx.call('Loading available days', () =>
        ctx.useCase(GetAvailableDays).execute({
          clinic: clinic.id,
          ...month,
          items: services.map((s, i) => ({ service: s.id, practitioner: i === 0 ? (practitioner?.id ?? null) : null })),
        }),
      )
      ctx.print({ location: clinic.id, month: `${month.year}-${String(month.month).padStart(2, '0')}`, days }, () =>
        formatTable(
          days,
          [
            { header: 'Date', value: (d) => displayDate(d) },
            { header: 'Day', value: weekday },
          ],
          { empty: 'There is no availability for your selection this month.', header: ctx.style.bold },
        ),
      )
    })

  program
    .command('slots')
    .description("a day's start times for the services, chained: each following service starts when the previous ends")
    .option('--location <id|name>', 'location (optional when there is only one)')
    .option('--service <id|name>', 'service; repeat for several services booked one after another', collect, [])
    .option('--staff <id|name|any>', 'practitioner of the first service (default: any)')
    .requiredOption('--date <yyyy-MM-dd>', 'the day', parseDate)
    .option('--all', 'also list the times that cannot be booked')
    .action(async (opts: { location?: string; service: string[]; staff?: string; date: string; all?: boolean }) => {
      if (opts.service.length === 0) throw usageError("required option '--service <id|name>' not specified")
      notPast(opts.date)
      const clinic = await resolveLocation(ctx, opts.location)
      const services = await resolveServices(ctx, clinic.id, opts.service)
      const practitioner = await resolvePractitioner(ctx, clinic.id, services[0].id, monthOfDate(opts.date), opts.staff ?? 'any')
      const slots = await ctx.call('Loading times', () =>
        ctx.useCase(GetTimeSlots).execute({
          clinic: clinic.id,
          date: opts.date,
          items: services.map((s, i) => ({ service: s.id, practitioner: i === 0 ? (practitioner?.id ?? null) : null })),
        }),
      )
      const shown = opts.all ? slots : slots.filter((s) => s.valid)
      const names = new Map<string, string>()
      if (!ctx.json && shown.length > 0) {
        // each service's practitioners name the parts of that service (a later one may have staff the first has not)
        for (const [i, service] of services.entries()) {
          if (i > 0 && shown.every((s) => !s.parts[i] || names.has(s.parts[i].practitioner))) continue
          for (const p of await practitionersFor(ctx, clinic.id, service.id, monthOfDate(opts.date))) names.set(p.id, p.displayName)
        }
      }
      ctx.print(shown, () =>
        formatTable(
          shown,
          [
            { header: 'Time', value: (s) => s.value },
            { header: 'Ends', value: (s) => formatLondonTime(new Date(s.endDate)) },
            { header: 'Staff', value: (s) => s.parts.map((p) => names.get(p.practitioner) ?? p.practitioner).join(' + ') },
            ...(opts.all ? [{ header: 'Bookable', value: (s: (typeof shown)[number]) => (s.valid ? 'yes' : 'no') }] : []),
          ],
          { empty: 'No times available on this day.', header: ctx.style.bold },
        ),
      )
    })
}
