/**
 * Practitioners are told (issue 29): a staff login's choice of booking mails and texts, and the
 * practitioner's private calendar feed. A practitioner's login manages its own practitioner's feed; an
 * admin any practitioner's. The feed URL's token is random (32 bytes), kept as a SHA-256 hash, shown once.
 */
import { randomBytes } from 'node:crypto'
import * as E from 'fp-ts/Either'
import type { PractitionerFeedLink, PractitionerFeedStatus, StaffNotificationSettings, StaffNotificationSettingsBody } from '../../src/contract/practitioner-feeds.routes'
import { normalisePhone } from '../../src/domain/validation/phone'
import { tokenHash } from '../accounts/session.service'
import { buildFeedIcs, type FeedEvent } from '../commerce/ics'
import { calendarUid } from '../notifications/messages'
import { invalid, notAllowed, notFound, type ServiceError } from '../service-error'
import * as repo from './practitioner-feed.repository'
import type { SignedInStaff } from './staff.service'
import type { OperatorDbOrTrx } from './staff.tables'

export const FEED_MESSAGES = {
  notAPractitioner: 'This staff login is not linked to a practitioner: name the practitioner.',
  notYours: "A practitioner's login manages only its own calendar feed.",
  noPractitioner: 'No practitioner of this clinic has that id.',
  badMobile: 'Please enter a valid mobile number for texts, or leave it empty.',
  revoked: 'The calendar feed link is revoked: calendar apps subscribed to it get nothing more.',
  feedNotFound: 'Calendar feed not found.',
} as const

const DAY_MS = 86_400_000
/** How far the feed reaches: a month back (what just happened), a year ahead. */
export const FEED_PAST_DAYS = 30
export const FEED_FUTURE_DAYS = 366

/** The practitioner a staff login may act for: its own, or for an admin the one named. */
async function practitionerFor(db: OperatorDbOrTrx, who: SignedInStaff, requested: string | undefined): Promise<E.Either<ServiceError, { id: string; name: string }>> {
  const own = who.staff.practitioner_id
  if (requested && requested !== own && who.role !== 'admin') return E.left(notAllowed(FEED_MESSAGES.notYours))
  const id = requested ?? own
  if (!id) return E.left(invalid(FEED_MESSAGES.notAPractitioner))
  const name = await repo.practitionerName(db, who.staff.tenant_id, id)
  return name === undefined ? E.left(notFound(FEED_MESSAGES.noPractitioner)) : E.right({ id, name })
}

export async function feedStatus(db: OperatorDbOrTrx, who: SignedInStaff, requested?: string): Promise<E.Either<ServiceError, PractitionerFeedStatus>> {
  const practitioner = await practitionerFor(db, who, requested)
  if (E.isLeft(practitioner)) return practitioner
  const live = await repo.liveFeed(db, who.staff.tenant_id, practitioner.right.id)
  return E.right({
    practitionerId: practitioner.right.id,
    practitionerName: practitioner.right.name,
    active: live !== undefined,
    ...(live ? { createdAt: new Date(live.created_at).toISOString() } : {}),
  })
}

/** A new feed URL (the older one revoked in the same transaction). */
export async function createFeed(db: OperatorDbOrTrx, who: SignedInStaff, requested: string | undefined, apiOrigin: string, now: Date): Promise<E.Either<ServiceError, PractitionerFeedLink>> {
  const practitioner = await practitionerFor(db, who, requested)
  if (E.isLeft(practitioner)) return practitioner
  const token = randomBytes(32).toString('base64url')
  const tenant = who.staff.tenant_id
  const createdAt = await db.transaction().execute(async (trx) => {
    await repo.revokeFeeds(trx, tenant, practitioner.right.id, now)
    return repo.insertFeed(trx, { tenant, practitionerId: practitioner.right.id, tokenHash: tokenHash(token), createdBy: who.staff.id, now })
  })
  return E.right({
    practitionerId: practitioner.right.id,
    practitionerName: practitioner.right.name,
    url: `${apiOrigin}/api/calendar-feeds/${token}/calendar.ics`,
    createdAt: new Date(createdAt).toISOString(),
  })
}

export async function revokeFeed(db: OperatorDbOrTrx, who: SignedInStaff, requested: string | undefined, now: Date): Promise<E.Either<ServiceError, { message: string }>> {
  const practitioner = await practitionerFor(db, who, requested)
  if (E.isLeft(practitioner)) return practitioner
  await repo.revokeFeeds(db, who.staff.tenant_id, practitioner.right.id, now)
  return E.right({ message: FEED_MESSAGES.revoked })
}

const nameOf = (row: repo.FeedRow) => [row.first_name, row.surname].filter(Boolean).join(' ')

/** One feed row as a calendar event: a visit names its service and customer; a break, block or leave its type. */
export function feedEvent(tenant: string, row: repo.FeedRow): FeedEvent {
  const isVisit = row.type === 'Appointment'
  const awaiting = row.status === 'Pending'
  return {
    uid: calendarUid(tenant, row.id),
    sequence: Number(row.sequence ?? 0),
    start: new Date(row.starts_at),
    end: new Date(row.ends_at),
    summary: isVisit ? `${row.service_name ?? 'Appointment'}: ${nameOf(row)}${awaiting ? ' (awaiting payment)' : ''}` : row.type,
    ...(row.clinic_name ? { location: row.clinic_name } : {}),
    ...(isVisit ? { description: `Status: ${row.status}` } : {}),
    status: awaiting ? 'TENTATIVE' : 'CONFIRMED',
  }
}

/** The feed a token opens, as a calendar file; undefined for an unknown or revoked token. */
export async function feedCalendar(db: OperatorDbOrTrx, tenant: string, token: string, now: Date): Promise<string | undefined> {
  const feed = await repo.feedByTokenHash(db, tokenHash(token))
  // The URL names its tenant too (its host): a token answers on its own tenant's address only.
  if (!feed || feed.tenant_id !== tenant) return undefined
  const [name, rows] = await Promise.all([
    repo.practitionerName(db, feed.tenant_id, feed.practitioner_id),
    repo.feedRows(db, feed.tenant_id, feed.practitioner_id, new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS), new Date(now.getTime() + FEED_FUTURE_DAYS * DAY_MS)),
  ])
  return buildFeedIcs(rows.map((row) => feedEvent(feed.tenant_id, row)), now, `${name ?? 'Practitioner'}: appointments`)
}

export async function notificationSettings(db: OperatorDbOrTrx, who: SignedInStaff): Promise<StaffNotificationSettings> {
  const row = await repo.notificationSettings(db, who.staff.tenant_id, who.staff.id)
  return { email: row?.notify_email ?? true, sms: row?.notify_sms ?? true, ...(row?.mobile_phone ? { mobilePhone: row.mobile_phone } : {}) }
}

export async function saveNotificationSettings(db: OperatorDbOrTrx, who: SignedInStaff, body: StaffNotificationSettingsBody): Promise<E.Either<ServiceError, StaffNotificationSettings>> {
  let mobilePhone: string | null | undefined
  if (body.mobilePhone !== undefined) {
    const trimmed = body.mobilePhone.trim()
    if (trimmed === '') mobilePhone = null
    else {
      mobilePhone = normalisePhone(trimmed, { defaultCountry: 'GB' }) ?? undefined
      if (mobilePhone === undefined) return E.left(invalid(FEED_MESSAGES.badMobile))
    }
  }
  await repo.saveNotificationSettings(db, who.staff.tenant_id, who.staff.id, { email: body.email, sms: body.sms, ...(mobilePhone !== undefined ? { mobilePhone } : {}) })
  return E.right(await notificationSettings(db, who))
}
