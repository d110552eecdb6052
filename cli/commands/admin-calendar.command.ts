/**
 * `clinic admin notifications` and `clinic admin feed status|create|revoke` (issue 29): the signed-in
 * staff login's booking mails and texts, and a practitioner's private calendar feed (the login's own;
 * an admin names any with --practitioner).
 */
import type { Command } from 'commander'
import * as E from 'fp-ts/Either'
import type { AppError } from '../../src/application/failure'
import { CreateCalendarFeed, LoadCalendarFeed, LoadStaffNotifications, RevokeCalendarFeed, SaveStaffNotifications } from '../../src/application/use-cases/staff-calendar.use-case'
import type { StaffNotificationSettings } from '../../src/contract/practitioner-feeds.routes'
import type { CliContext } from '../context'
import { usageError } from '../exit-codes'
import { parseObjectId } from './args'

const onOff = (flag: string, value: string | undefined): boolean | undefined => {
  if (value === undefined) return undefined
  if (value === 'on') return true
  if (value === 'off') return false
  throw usageError(`${flag} must be 'on' or 'off', got '${value}'.`)
}

export const settingsText = (s: StaffNotificationSettings) =>
  [`Email: ${s.email ? 'on' : 'off'}`, `Text: ${s.sms ? 'on' : 'off'}${s.sms && !s.mobilePhone ? ' (no mobile number set: none are sent)' : ''}`, `Mobile: ${s.mobilePhone ?? '-'}`].join('\n')

/**
 * A feed call for `practitioner` (the login's own when undefined). The server's 400 to a call without
 * --practitioner can only say that the login has no practitioner of its own: a missing argument (2).
 */
async function feedCall<T>(call: CliContext['call'], text: string, practitioner: string | undefined, work: () => Promise<E.Either<AppError, T>>): Promise<T> {
  return call(text, async () => {
    const result = await work()
    if (E.isLeft(result) && practitioner === undefined && result.left._tag === 'Refused' && result.left.status === 400) {
      throw usageError(`${result.left.message.replace(/\.$/, '')} with --practitioner <id>.`)
    }
    return result
  })
}

export function registerCalendarCommands(admin: Command, ctx: CliContext, call: CliContext['call']): void {
  admin
    .command('notifications')
    .description("this staff login's mails and texts on new, moved or cancelled bookings with its practitioner; shows them without options")
    .option('--email <on|off>', 'a mail on each change')
    .option('--sms <on|off>', 'a text on each change (needs --mobile)')
    .option('--mobile <number>', "the mobile number for texts ('' clears it)")
    .action(async (opts: { email?: string; sms?: string; mobile?: string }) => {
      const email = onOff('--email', opts.email)
      const sms = onOff('--sms', opts.sms)
      const current = await call('Loading the notification choices', () => ctx.useCase(LoadStaffNotifications).execute())
      if (email === undefined && sms === undefined && opts.mobile === undefined) return ctx.print(current, () => settingsText(current))
      const body = { email: email ?? current.email, sms: sms ?? current.sms, ...(opts.mobile !== undefined ? { mobilePhone: opts.mobile } : {}) }
      const saved = await call('Saving the notification choices', () => ctx.useCase(SaveStaffNotifications).execute(body))
      ctx.print(saved, () => settingsText(saved))
    })

  const feed = admin.command('feed').description("a practitioner's private calendar feed (an iCalendar URL for Google Calendar, Outlook, Apple Calendar)")
  feed
    .command('status')
    .description('whether the practitioner has a live feed link')
    .option('--practitioner <id>', "whose (admins; default: the login's own practitioner)", parseObjectId)
    .action(async (opts: { practitioner?: string }) => {
      const status = await feedCall(call, 'Loading the feed', opts.practitioner, () => ctx.useCase(LoadCalendarFeed).execute(opts.practitioner))
      ctx.print(status, () => `${status.practitionerName}: ${status.active ? `a feed link is live (made ${status.createdAt})` : 'no feed link'}`)
    })
  feed
    .command('create')
    .description('a new feed URL, shown once; any older one stops working')
    .option('--practitioner <id>', "whose (admins; default: the login's own practitioner)", parseObjectId)
    .action(async (opts: { practitioner?: string }) => {
      const link = await feedCall(call, 'Making the feed link', opts.practitioner, () => ctx.useCase(CreateCalendarFeed).execute(opts.practitioner))
      ctx.print(link, () => `Calendar feed of ${link.practitionerName} (shown once, subscribe to it in a calendar app):\n${link.url}`)
    })
  feed
    .command('revoke')
    .description('ends the feed URL: subscribed calendars get nothing more')
    .option('--practitioner <id>', "whose (admins; default: the login's own practitioner)", parseObjectId)
    .action(async (opts: { practitioner?: string }) => {
      const done = await feedCall(call, 'Revoking the feed link', opts.practitioner, () => ctx.useCase(RevokeCalendarFeed).execute(opts.practitioner))
      ctx.print(done, () => done.message ?? 'Revoked.')
    })
}
