/**
 * `clinic admin waitlist list|offer|remove` (issue 32): the desk's waiting customers, in order of joining,
 * a time offered to one of them by hand (held for them, with the offer's mail and text), an entry removed.
 */
import type { Command } from 'commander'
import { ListWaitingCustomers, OfferTimeToWaiting, RemoveWaitingCustomer } from '../../src/application/use-cases/staff-waitlist.use-case'
import type { AdminWaitlistEntry } from '../../src/contract/waitlist.codecs'
import { existsInLondon, londonToUtc } from '../../src/domain/time'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { formatTable } from '../output/table'
import { monthOfDate, parseDate, parseObjectId, parseTime } from './args'
import { pick, practitionersFor } from './resolve'

export function adminWaitlistText(entries: readonly AdminWaitlistEntry[], when: (iso: string) => string): string {
  return formatTable(entries, [
    { header: 'ID', value: (e) => e.id },
    { header: 'Customer', value: (e) => `${e.customer.name} <${e.customer.email}>` },
    { header: 'Location', value: (e) => e.clinic.name },
    { header: 'Services', value: (e) => e.services.map((s) => s.name).join(' + ') },
    { header: 'With', value: (e) => e.practitioner?.name ?? 'any' },
    { header: 'Dates', value: (e) => (e.from === e.to ? e.from : `${e.from} to ${e.to}`) },
    { header: 'Parts', value: (e) => e.parts.join(', ') },
    { header: 'Status', value: (e) => (e.offer ? `offered ${when(e.offer.start)} until ${when(e.offer.expiresAt)}` : e.status) },
  ], { empty: 'Nobody is waiting.' })
}

/**
 * The practitioner of an offer: an id as given, else a name (as resolve.ts takes them) among the practitioners of
 * the entry's first service at its location, the entry read from the day's list.
 */
async function offerPractitioner(ctx: CliContext, call: CliContext['call'], entryId: string, date: string, value: string): Promise<string> {
  if (/^[0-9a-fA-F]{24}$/.test(value.trim())) return value.trim()
  const entries = await call('Loading the waitlist', () => ctx.useCase(ListWaitingCustomers).execute({ from: date, to: date }))
  const entry = entries.find((e) => e.id === entryId)
  if (!entry) throw usageError(`No waitlist entry ${entryId} waits on ${date} (clinic admin waitlist list --from ${date}).`)
  const staff = await practitionersFor(ctx, entry.clinic.id, entry.services[0].id, monthOfDate(date))
  return (await pick(ctx, { option: '--practitioner', noun: 'practitioner' }, staff, value, (p) => p.id, (p) => p.displayName)).id
}

export function registerAdminWaitlistCommand(admin: Command, ctx: CliContext, call: CliContext['call']): void {
  const waitlist = admin.command('waitlist').description('waiting customers: list, offer a time by hand, remove (staff login)')

  waitlist
    .command('list')
    .description('live entries whose dates meet --from..--to, in order of joining')
    .requiredOption('--from <date>', 'first date (YYYY-MM-DD, London)', parseDate)
    .option('--to <date>', 'last date (default: --from)', parseDate)
    .option('--location <location>', 'location slug, id or name (default: all)')
    .action(async (opts: { from: string; to?: string; location?: string }) => {
      const query = { from: opts.from, to: opts.to ?? opts.from, ...(opts.location ? { clinic: opts.location } : {}) }
      const entries = await call('Loading the waitlist', () => ctx.useCase(ListWaitingCustomers).execute(query))
      ctx.print({ entries }, () => adminWaitlistText(entries, (iso) => ctx.dateTime(iso)))
    })

  waitlist
    .command('offer <id>')
    .description("offer the entry's services at this time (held for the customer, who gets the mail and text)")
    .requiredOption('--date <date>', 'date (YYYY-MM-DD, London)', parseDate)
    .requiredOption('--time <time>', 'start time (HH:mm, London)', parseTime)
    .requiredOption('--practitioner <name-or-id>', "the first service's practitioner (name or id)")
    .action(async (id: string, opts: { date: string; time: string; practitioner: string }) => {
      const entryId = parseObjectId(id)
      if (!existsInLondon(opts.date, opts.time)) throw usageError(`${opts.date} ${opts.time} does not exist in London (the clocks go forward).`)
      const practitioner = await offerPractitioner(ctx, call, entryId, opts.date, opts.practitioner)
      const body = { practitioner, start: londonToUtc(opts.date, opts.time).toISOString() }
      const made = await call('Offering the time', () => ctx.useCase(OfferTimeToWaiting).execute(entryId, body))
      ctx.print(made, () => `Offered ${ctx.dateTime(made.items[0].start)}, held until ${ctx.dateTime(made.expiresAt)}.`)
    })

  waitlist
    .command('remove <id>')
    .description('remove an entry (a time offered to it goes to the next customer)')
    .action(async (id: string) => {
      await call('Removing the entry', () => ctx.useCase(RemoveWaitingCustomer).execute(parseObjectId(id)))
      ctx.print({ removed: id }, () => 'The waitlist entry has been removed.')
    })
}
