/**
 * `clinic waitlist join|list|remove` (issue 32): the signed-in customer's waitlist. A join names the
 * location, the basket's services in booking order, a practitioner or 'any', London dates (up to 8 weeks
 * ahead) and parts of the day; the server keeps one entry per basket.
 */
import { InvalidArgumentError, Option, type Command } from 'commander'
import { JoinWaitlist, LeaveWaitlist, ListMyWaitlist } from '../../src/application/use-cases/waitlist.use-case'
import type { WaitlistEntry } from '../../src/contract/waitlist.codecs'
import { DAY_PARTS, type DayPart } from '../../src/domain/waitlist/waitlist'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { formatTable } from '../output/table'
import { collect, monthOfDate, parseDate, parseObjectId } from './args'
import { resolveLocation, resolvePractitioner, resolveServices } from './resolve'

export function parseParts(value: string): DayPart[] {
  const parts = value.split(',').map((p) => p.trim().toLowerCase()).filter((p) => p !== '')
  const wrong = parts.find((p) => !(DAY_PARTS as readonly string[]).includes(p))
  if (wrong !== undefined || parts.length === 0) throw new InvalidArgumentError(`expected ${DAY_PARTS.join(', ')} (comma-separated), got '${value}'.`)
  return parts as DayPart[]
}

export function waitlistText(entries: readonly WaitlistEntry[], when: (iso: string) => string): string {
  return formatTable(entries, [
    { header: 'ID', value: (e) => e.id },
    { header: 'Location', value: (e) => e.clinic.name },
    { header: 'Services', value: (e) => e.services.map((s) => s.name).join(' + ') },
    { header: 'With', value: (e) => e.practitioner?.name ?? 'any' },
    { header: 'Dates', value: (e) => (e.from === e.to ? e.from : `${e.from} to ${e.to}`) },
    { header: 'Parts', value: (e) => e.parts.join(', ') },
    { header: 'Status', value: (e) => (e.offer ? `offered ${when(e.offer.start)}, held until ${when(e.offer.expiresAt)}` : e.status) },
  ], { empty: 'You are not on any waitlist.' })
}

export function registerWaitlistCommands(program: Command, ctx: CliContext): void {
  const waitlist = program.command('waitlist').description('your waitlist: be offered a time when one comes free (signed in)')

  waitlist
    .command('join')
    .description('join the waitlist for services at a location')
    .requiredOption('--location <location>', 'location id or name')
    .option('--service <service>', 'service id or name; repeat for services one after the other', collect, [])
    .option('--staff <practitioner>', "practitioner id or name, or 'any' (default)")
    .requiredOption('--from <date>', 'first date (YYYY-MM-DD, London)', parseDate)
    .option('--to <date>', 'last date (YYYY-MM-DD, up to 8 weeks ahead; default: --from)', parseDate)
    .addOption(new Option('--parts <parts>', 'parts of the day: morning, afternoon, evening (comma-separated)').argParser(parseParts).default([...DAY_PARTS], DAY_PARTS.join(',')))
    .action(async (opts: { location: string; service: string[]; staff?: string; from: string; to?: string; parts: DayPart[] }) => {
      if (opts.service.length === 0) throw usageError('Name at least one --service.')
      const clinic = await resolveLocation(ctx, opts.location)
      const services = await resolveServices(ctx, clinic.id, opts.service)
      const staff = await resolvePractitioner(ctx, clinic.id, services[0].id, monthOfDate(opts.from), opts.staff ?? 'any')
      const body = { clinic: clinic.id, services: services.map((s) => s.id), practitioner: staff?.id ?? null, from: opts.from, to: opts.to ?? opts.from, parts: opts.parts }
      const entry = await ctx.call('Joining the waitlist', () => ctx.useCase(JoinWaitlist).execute(body))
      ctx.print(entry, () => `On the waitlist (${entry.id}): ${entry.services.map((s) => s.name).join(' + ')} at ${entry.clinic.name}, ${entry.from === entry.to ? entry.from : `${entry.from} to ${entry.to}`}.`)
    })

  waitlist
    .command('list')
    .description('your waitlist entries, oldest first')
    .action(async () => {
      const entries = await ctx.call('Loading your waitlist', () => ctx.useCase(ListMyWaitlist).execute())
      ctx.print({ entries }, () => waitlistText(entries, (iso) => ctx.dateTime(iso)))
    })

  waitlist
    .command('remove <id>')
    .description('leave the waitlist (an entry id from `clinic waitlist list`)')
    .action(async (id: string) => {
      await ctx.call('Leaving the waitlist', () => ctx.useCase(LeaveWaitlist).execute(parseObjectId(id)))
      ctx.print({ removed: id }, () => 'You have left the waitlist.')
    })
}
