/**
 * `clinic admin ...`: the operator's side against the admin API, signed in with a staff login (its
 * token kept apart from the customer's). Tenant creation needs the server's operator key
 * (OPERATOR_KEY in the environment or --operator-key).
 */
import { writeFileSync } from 'node:fs'
import type { Command } from 'commander'
import * as E from 'fp-ts/Either'
import { stringify } from 'yaml'
import {
  AddStaff,
  ApplySetup,
  CancelForCustomer,
  CreateTenant,
  ExportSetup,
  ListDayBookings,
  ListOutbox,
  ListStaff,
  LogoutCustomer,
  MarkAttendance,
  MoveForCustomer,
  ResetStaffPassword,
  ChangeStaff,
  RemoveStaff,
  StaffLogin,
  StaffLogout,
  SetStaffPassword,
} from '../../src/application/use-cases/admin.use-case'
import { OUTBOX_STATES, type DayBooking, type OutboxMessage, type PlanStep, type UpdateStaffBody } from '../../src/contract/admin.routes'
import { formatMoney } from '../../src/domain/pricing/money'
import { paidText } from '../../src/domain/desk/paid'
import { deskCheckout } from '../../src/domain/desk/checkout'
import { tenantFromHost } from '../../src/domain/tenant'
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '../../src/domain/validation/password'
import { formatLondonTime, isIsoDate, londonDateOf } from '../../src/domain/time'
import type { CliContext } from '../context'
import { STAFF_LOGIN, refused, usageError } from '../exit-codes'
import { archiveWithBookingsMessage, archivesWithBookings } from '../../src/domain/setup/archive-with-bookings'
import { formatTable } from '../output/table'
import { parseEmail, parseObjectId, startOf } from './args'
import { registerReportCommand } from './admin-report.command'
import { registerCalendarCommands } from './admin-calendar.command'
import { registerDeskCommands } from './admin-desk.command'
import { registerCustomerCommands } from './admin-customer.command'
import { withOverlapHint } from './admin-desk-booking.command'
import { readSetupDocument } from './document-file'
import { registerIntegrationCommands } from './admin-integrations.command'
import { registerAdminWaitlistCommand } from './admin-waitlist.command'

const SIGN: Record<PlanStep['action'], string> = { create: '+', change: '~', archive: '-' }

const ARCHIVE_ANYWAY = 'To archive them anyway, run the command again with --archive-with-bookings.'

export function planLines(plan: readonly PlanStep[]): string {
  if (plan.length === 0) return 'No changes: the tenant already matches the file.'
  const detail = (s: PlanStep) => (s.changes?.length ? ` (${s.changes.join(', ')})` : s.upcomingBookings ? ` (${s.upcomingBookings} upcoming booking${s.upcomingBookings === 1 ? '' : 's'})` : '')
  return plan.map((s) => `${SIGN[s.action]} ${s.action} ${s.kind} ${s.slug}${detail(s)}`).join('\n')
}

/**
 * The set-up file, checked here with the contract's codec and rules before anything is sent: a bad
 * file is refused (exit 1, like the server's refusal) with every error as 'path: problem'.
 */

/**
 * The tenant a set-password link names in its host (PUBLIC_URL 'https://{tenant}.clinic.example.com'),
 * by the server's rule (src/domain/tenant.ts); undefined for a bare token or a host that names none.
 */
export function tenantOfLink(link: string): string | undefined {
  let url: URL
  try {
    url = new URL(link.trim())
  } catch {
    return undefined
  }
  return tenantFromHost(url.hostname, '') || undefined
}

/** 'yyyy-MM-dd HH:mm' in Europe/London, or an ISO instant. */

/** What the desk's checkout would take, as the web's day view says it: the amount, 'Paid' (nothing left), or nothing for a status without checkout. */
function balanceCell(b: DayBooking, currency: Parameters<typeof formatMoney>[1]): string {
  const checkout = deskCheckout(b)
  return checkout._tag === 'Due' ? formatMoney(checkout.amount, currency) : checkout._tag === 'Paid' ? 'Paid' : ''
}

export function bookingsText(rows: readonly DayBooking[], currency: Parameters<typeof formatMoney>[1]): string {
  if (rows.length === 0) return 'No appointments that day.'
  const byPractitioner = new Map<string, DayBooking[]>()
  for (const row of rows) byPractitioner.set(row.practitioner, [...(byPractitioner.get(row.practitioner) ?? []), row])
  return [...byPractitioner]
    .map(([practitioner, list]) =>
      `${practitioner}\n${formatTable(list, [
        { header: 'Time', value: (b) => `${formatLondonTime(new Date(b.start))}-${formatLondonTime(new Date(b.end))}` },
        { header: 'Customer', value: (b) => b.customer },
        { header: 'Service', value: (b) => b.service },
        { header: 'Location', value: (b) => b.location },
        { header: 'Status', value: (b) => (b.checkedIn ? `${b.status}, checked in` : b.status) },
        { header: 'Paid', value: (b) => paidText(b.paid, (n) => formatMoney(n, currency)), align: 'right' },
        { header: 'Balance', value: (b) => balanceCell(b, currency), align: 'right' },
        { header: 'ID', value: (b) => b.id },
      ])}`,
    )
    .join('\n\n')
}

const NOTHING: Record<OutboxMessage['state'] | 'all', string> = {
  all: 'Nothing waiting: every message has been sent.',
  failed: 'No message has failed.',
  pending: 'Nothing waiting to be sent.',
}

export function outboxText(rows: readonly OutboxMessage[], when: (iso: string) => string, state: OutboxMessage['state'] | 'all' = 'all'): string {
  return formatTable(rows, [
    { header: 'State', value: (m) => m.state },
    { header: 'Channel', value: (m) => m.channel },
    { header: 'To', value: (m) => m.to },
    { header: 'Subject', value: (m) => m.subject },
    { header: 'Tries', value: (m) => String(m.attempts), align: 'right' },
    { header: 'Failed / next try', value: (m) => (m.failedAt ? when(m.failedAt) : m.nextAttemptAt ? when(m.nextAttemptAt) : 'now') },
    { header: 'Last error', value: (m) => m.lastError ?? '' },
    { header: 'ID', value: (m) => m.id },
  ], { empty: NOTHING[state] })
}

export function registerAdminCommands(program: Command, ctx: CliContext): void {
  // A staff call that needs a sign-in points to the staff login, not the customer's.
  const call: CliContext['call'] = (text, work, login = STAFF_LOGIN) => ctx.call(text, work, login)
  const admin = program.command('admin').description("the clinic's operator side: tenants, set-up as a file, the day's bookings (staff login)")

  admin
    .command('login')
    .description('sign in as staff (admin or practitioner); the token is kept apart from the customer one')
    .option('--email <email>', 'email (asked when missing)', parseEmail)
    .option('--password <password>', 'password (asked when missing; or set CLINIC_STAFF_PASSWORD)')
    .action(async (opts: { email?: string; password?: string }) => {
      const email = opts.email ?? (ctx.canPrompt() ? await ctx.prompt.ask('Email') : undefined)
      const password = opts.password ?? ctx.io.env.CLINIC_STAFF_PASSWORD ?? (ctx.canPrompt() ? await ctx.prompt.ask('Password', { hidden: true }) : undefined)
      if (!email || !password) throw usageError('--email and --password (or CLINIC_STAFF_PASSWORD) are required when stdin is not a terminal.')
      const staff = await call('Signing in', () => ctx.useCase(StaffLogin).execute(email, password))
      // a tenant's first admin has no name but the email: say it once
      ctx.print({ staff }, () => `Signed in as ${staff.displayName === staff.email ? staff.email : `${staff.displayName} <${staff.email}>`} (${staff.role}).`)
    })

  admin
    .command('logout')
    .description('sign the staff login out (the token stops working on the server)')
    .action(async () => {
      await ctx.useCase(StaffLogout).execute()
      ctx.print({ signedOut: true }, () => 'Signed out.')
    })

  admin
    .command('set-password <link>')
    .description('set a staff password with the one-time link (or its token) that tenant create or staff add printed')
    .option('--password <password>', 'the new password (asked when missing; or set CLINIC_STAFF_PASSWORD)')
    .action(async (link: string, opts: { password?: string }) => {
      const password = opts.password ?? ctx.io.env.CLINIC_STAFF_PASSWORD ?? (ctx.canPrompt() ? await ctx.prompt.ask('New password', { hidden: true }) : undefined)
      if (!password) throw usageError('--password (or CLINIC_STAFF_PASSWORD) is required when stdin is not a terminal.')
      // The server's rule, checked before the link is used: a bad argument like the others (exit 2), in
      // the spec's words as they are (the web shows them so; no full stop added).
      if (!meetsPasswordRule(password)) throw usageError(PASSWORD_RULE_MESSAGE)
      const linkTenant = tenantOfLink(link)
      if (linkTenant) ctx.useTenantIfNoneGiven(linkTenant)
      const done = await call('Setting the password', () => ctx.useCase(SetStaffPassword).execute(link, password))
      ctx.print(done, () => done.message ?? 'Password set.')
    })

  const tenant = admin.command('tenant').description('tenants (needs the server operator key)')
  tenant
    .command('create <short-name>')
    .description("create a tenant (it answers on <short-name>.<domain> and through X-Tenant) with its first admin; prints the admin's one-time set-password link")
    .requiredOption('--name <name>', 'the organisation name')
    .requiredOption('--admin-email <email>', "the first admin's email", parseEmail)
    .option('--admin-name <name>', "the first admin's name, as staff lists show it (default: their email)")
    .option('--operator-key <key>', 'the server operator key (default: OPERATOR_KEY)')
    .action(async (shortName: string, opts: { name: string; adminEmail: string; adminName?: string; operatorKey?: string }) => {
      const key = opts.operatorKey ?? ctx.io.env.OPERATOR_KEY
      if (!key) throw usageError('The operator key is required: set OPERATOR_KEY or pass --operator-key.')
      const created = await call('Creating the tenant', () => ctx.useCase(CreateTenant).execute({ shortName, name: opts.name, adminEmail: opts.adminEmail, ...(opts.adminName ? { adminName: opts.adminName } : {}) }, key), null)
      ctx.print(created, () => `Created tenant '${created.tenant}' (${created.name}).\nThe admin ${created.adminEmail} sets a password here (once, within 7 days):\n${created.setPasswordUrl}`)
    })

  const staff = admin.command('staff').description('staff logins of the tenant')
  staff
    .command('add')
    .description('add a staff login and print its one-time set-password link')
    .requiredOption('--email <email>', 'their email', parseEmail)
    .requiredOption('--name <name>', 'their name')
    .option('--role <role>', 'admin or practitioner', 'practitioner')
    .option('--practitioner <slug>', 'link the login to this practitioner (slug, id or name)')
    .action(async (opts: { email: string; name: string; role: string; practitioner?: string }) => {
      if (opts.role !== 'admin' && opts.role !== 'practitioner') throw usageError(`--role must be admin or practitioner, got '${opts.role}'.`)
      const body = { email: opts.email, displayName: opts.name, role: opts.role, ...(opts.practitioner ? { practitioner: opts.practitioner } : {}) } as const
      const created = await call('Adding the staff login', () => ctx.useCase(AddStaff).execute(body))
      ctx.print(created, () => `Added ${created.staff.displayName} (${created.staff.role}). Set-password link:\n${created.setPasswordUrl}`)
    })

  staff
    .command('list')
    .description('the staff logins of the tenant (admin only)')
    .action(async () => {
      const list = await call('Listing the staff', () => ctx.useCase(ListStaff).execute())
      ctx.print(list, () =>
        list.length === 0
          ? 'No staff logins.'
          : formatTable(list, [
              { header: 'Name', value: (s) => s.displayName },
              { header: 'Email', value: (s) => s.email },
              { header: 'Role', value: (s) => s.role },
              { header: 'Practitioner', value: (s) => s.practitionerSlug ?? s.practitionerId ?? '' },
              { header: 'ID', value: (s) => s.id },
            ]),
      )
    })
  staff
    .command('reset-password <email-or-id>')
    .description('print a new one-time set-password link for a staff login (a forgotten password; pass it on)')
    .action(async (who: string) => {
      const link = await call('Making a set-password link', () => ctx.useCase(ResetStaffPassword).execute(who))
      ctx.print(link, () => `${link.staff.displayName} (${link.staff.email}) sets a new password here (once, within 7 days):\n${link.setPasswordUrl}`)
    })

  staff
    .command('set <email-or-id>')
    .description("change a staff login's name, role or linked practitioner (admin only)")
    .option('--name <name>', 'their name')
    .option('--role <role>', 'admin or practitioner')
    .option('--practitioner <slug>', 'link the login to this practitioner (slug, id or name)')
    .option('--no-practitioner', 'unlink the login from its practitioner')
    .action(async (who: string, opts: { name?: string; role?: string; practitioner?: string | false }) => {
      if (opts.role !== undefined && opts.role !== 'admin' && opts.role !== 'practitioner') throw usageError(`--role must be admin or practitioner, got '${opts.role}'.`)
      const role = opts.role === 'admin' ? 'admin' : opts.role === 'practitioner' ? 'practitioner' : undefined
      const body: UpdateStaffBody = {
        ...(opts.name !== undefined ? { displayName: opts.name } : {}),
        ...(role ? { role } : {}),
        ...(opts.practitioner === false ? { practitioner: null } : opts.practitioner !== undefined ? { practitioner: opts.practitioner } : {}),
      }
      if (Object.keys(body).length === 0) throw usageError('Nothing to change: pass --name, --role, --practitioner or --no-practitioner.')
      const changed = await call('Changing the staff login', () => ctx.useCase(ChangeStaff).execute(who, body))
      ctx.print(changed, () => `${changed.displayName} (${changed.email}) is now ${changed.role}${changed.practitionerSlug ? `, linked to ${changed.practitionerSlug}` : ''}.`)
    })
  staff
    .command('remove <email-or-id>')
    .description('remove a staff login: it can no longer sign in and its sessions end (admin only)')
    .action(async (who: string) => {
      const removed = await call('Removing the staff login', () => ctx.useCase(RemoveStaff).execute(who))
      ctx.print(removed, () => `Removed the staff login of ${removed.displayName} (${removed.email}).`)
    })

  admin
    .command('export')
    .description("print the tenant's whole set-up as one YAML document (--format json for JSON)")
    .option('--format <format>', 'yaml or json', 'yaml')
    .action(async (opts: { format: string }) => {
      if (opts.format !== 'yaml' && opts.format !== 'json') throw usageError(`--format must be yaml or json, got '${opts.format}'.`)
      const document = await call('Exporting the set-up', () => ctx.useCase(ExportSetup).execute())
      if (opts.format === 'json' || ctx.json) ctx.io.stdout.write(`${JSON.stringify(document, null, 2)}\n`)
      else ctx.io.stdout.write(stringify(document, { lineWidth: 0 }))
    })

  admin
    .command('apply')
    .description('make the tenant match a set-up file: validates it all, prints the plan, applies it in one transaction with --yes')
    .requiredOption('-f, --file <file>', 'the YAML or JSON document')
    .option('--dry-run', 'only print the plan')
    .option('--yes', 'apply without asking')
    .option('--archive-with-bookings', 'archive practitioners, services and locations that still have upcoming bookings (refused otherwise, naming them)')
    .action(async (opts: { file: string; dryRun?: boolean; yes?: boolean; archiveWithBookings?: boolean }) => {
      const document = readSetupDocument(opts.file)
      const planned = await call('Checking the file', () => ctx.useCase(ApplySetup).execute(document, true))
      if (opts.dryRun || planned.plan.length === 0) return ctx.print(planned, () => planLines(planned.plan))
      if (!ctx.json) ctx.io.stdout.write(`${planLines(planned.plan)}\n`)
      const leftBehind = archivesWithBookings(planned.plan)
      if (leftBehind.length > 0 && !opts.archiveWithBookings) throw refused(`${archiveWithBookingsMessage(leftBehind)} ${ARCHIVE_ANYWAY}`)
      if (!opts.yes) {
        if (!ctx.canPrompt()) throw usageError('Add --yes to apply this plan (or --dry-run to only see it).')
        if (!(await ctx.prompt.confirm('Apply this plan?'))) return ctx.info('Nothing applied.')
      }
      const applied = await call('Applying', () => ctx.useCase(ApplySetup).execute(document, false, opts.archiveWithBookings === true))
      if (ctx.json) ctx.print(applied, () => '')
      else ctx.done(`Applied ${applied.plan.length} change${applied.plan.length === 1 ? '' : 's'}.`)
    })

  admin
    .command('bookings')
    .description("the day's appointments per practitioner: time, customer, service, status, paid, balance (what checkout would take; 'Paid' when nothing is left)")
    .option('--date <yyyy-MM-dd>', 'the day (Europe/London; default: today)')
    .option('--location <slug>', 'one location (slug, id or name)')
    .option('--practitioner <slug>', 'one practitioner (slug, id or name)')
    .action(async (opts: { date?: string; location?: string; practitioner?: string }) => {
      // Today's list is the desk's first look of the day, as /staff opens on today.
      const date = opts.date ?? londonDateOf(new Date())
      if (!isIsoDate(date)) throw usageError(`--date must be a calendar date as yyyy-MM-dd, got '${date}'.`)
      const query = { date, ...(opts.location ? { location: opts.location } : {}), ...(opts.practitioner ? { practitioner: opts.practitioner } : {}) }
      const rows = await call("Loading the day's bookings", () => ctx.useCase(ListDayBookings).execute(query))
      const currency = ctx.json ? 'GBP' : await ctx.currency()
      ctx.print(rows, () => bookingsText(rows, currency))
    })

  registerReportCommand(admin, ctx, call)
  registerCalendarCommands(admin, ctx, call)
  registerDeskCommands(admin, ctx, call)
  registerIntegrationCommands(admin, ctx, call)
  registerAdminWaitlistCommand(admin, ctx, call)

  registerCustomerCommands(admin, ctx, call)

  admin
    .command('outbox')
    .description('mail and texts not sent: given up after a day of retries (failed, with the last error) and waiting (pending)')
    .option('--state <state>', 'only failed or only pending')
    .action(async (opts: { state?: string }) => {
      if (opts.state !== undefined && !(OUTBOX_STATES as readonly string[]).includes(opts.state)) throw usageError(`--state must be failed or pending, got '${opts.state}'.`)
      const query = opts.state ? { state: opts.state as OutboxMessage['state'] } : {}
      const rows = await call('Loading the outbox', () => ctx.useCase(ListOutbox).execute(query))
      ctx.print(rows, () => outboxText(rows, (iso) => ctx.dateTime(iso), query.state ?? 'all'))
    })

  admin
    .command('logout-customer <email-or-id>')
    .description("end every live session of a customer ('logout-customer' on every server instance)")
    .action(async (who: string) => {
      const customer = await call('Logging the customer out', () => ctx.useCase(LogoutCustomer).execute(who))
      ctx.print({ customerId: customer.id, loggedOut: true }, () => `Sent 'logout-customer' to ${'email' in customer ? customer.email : customer.id}.`)
    })

  const printed = (b: DayBooking, currency: Parameters<typeof formatMoney>[1] = 'GBP') =>
    ctx.print(b, () => `${b.service} with ${b.practitioner}, ${ctx.dateTime(b.start)}: ${b.status}${b.checkedIn ? ', checked in' : ''}.${b.feeCharged ? ` Late-cancellation fee charged: ${formatMoney(b.feeCharged, currency)}.` : ''}`)

  admin
    .command('cancel')
    .argument('<appointment-id>', 'the appointment id (admin bookings lists it)', parseObjectId)
    .description("cancel a booking on the customer's behalf (no late-cancellation fee unless --charge-fee)")
    .option('--charge-fee', "take the late-cancellation fee from the customer's stored card, when the policy makes one due")
    .action(async (id: string, opts: { chargeFee?: boolean }) => {
      const cancelled = await call('Cancelling', () => ctx.useCase(CancelForCustomer).execute(id, Boolean(opts.chargeFee)))
      printed(cancelled, cancelled.feeCharged && !ctx.json ? await ctx.currency() : 'GBP')
    })

  admin
    .command('move')
    .argument('<appointment-id>', 'the appointment id (admin bookings lists it)', parseObjectId)
    .description("move a booking on the customer's behalf")
    .requiredOption('--start <when>', "new start: 'yyyy-MM-dd HH:mm' (London) or an ISO instant")
    .option('--practitioner <slug>', 'another practitioner (slug, id or name)')
    .option('--allow-overlap', 'move even though the customer has another visit at that time (refused otherwise, naming it)')
    .action(async (id: string, opts: { start: string; practitioner?: string; allowOverlap?: boolean }) =>
      printed(await call('Moving', async () => E.mapLeft(withOverlapHint('move it'))(await ctx.useCase(MoveForCustomer).execute(id, startOf(opts.start), opts.practitioner, Boolean(opts.allowOverlap))))),
    )

  admin
    .command('check-in')
    .argument('<appointment-id>', 'the appointment id (admin bookings lists it)', parseObjectId)
    .description("mark the customer as arrived (from the appointment's day, London time)")
    .action(async (id: string) => printed(await call('Checking in', () => ctx.useCase(MarkAttendance).execute(id, 'checked-in'))))

  admin
    .command('no-show')
    .argument('<appointment-id>', 'the appointment id (admin bookings lists it)', parseObjectId)
    .description('mark the appointment as a no-show (once its start has passed)')
    .action(async (id: string) => printed(await call('Marking no-show', () => ctx.useCase(MarkAttendance).execute(id, 'no-show'))))
}
