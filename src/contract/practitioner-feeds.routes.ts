/**
 * Practitioners are told (issue 29): each staff login's choice of mails and texts about bookings with
 * its practitioner, and a practitioner's private calendar feed (an iCalendar URL with a secret token
 * that Google Calendar, Outlook and Apple Calendar subscribe to; a new link revokes the older one).
 */
import * as t from 'io-ts'
import { route } from './route'
import { Ack, bodyOf, entity, errors, IsoDateTime, NonEmptyString, ObjectId, queryOf } from './codecs'

/** What a staff login is sent about bookings with its practitioner. mobilePhone: where texts go. */
export const StaffNotificationSettings = entity('StaffNotificationSettings', { email: t.boolean, sms: t.boolean }, { mobilePhone: t.string })
export type StaffNotificationSettings = t.TypeOf<typeof StaffNotificationSettings>

/** mobilePhone '' clears the number (no texts then). */
export const StaffNotificationSettingsBody = bodyOf({ email: t.boolean, sms: t.boolean }, { mobilePhone: t.string })
export type StaffNotificationSettingsBody = t.TypeOf<typeof StaffNotificationSettingsBody>

export const getStaffNotifications = route({
  method: 'GET',
  path: '/staff/me/notifications',
  access: 'staff',
  summary: "The staff login's booking notifications",
  description: 'Whether this staff login gets a mail and a text on each new, moved or cancelled booking with its practitioner, and the mobile number texts go to.',
  responses: { 200: StaffNotificationSettings, ...errors(401) },
})

export const updateStaffNotifications = route({
  method: 'PUT',
  path: '/staff/me/notifications',
  access: 'staff',
  summary: "Change the staff login's booking notifications",
  description: "Turns this staff login's booking mails and texts on or off and sets the mobile number for texts ('' clears it). 400 for a number that is not a valid mobile number.",
  body: StaffNotificationSettingsBody,
  responses: { 200: StaffNotificationSettings, ...errors(400, 401) },
})

/** practitionerId: whose feed (a practitioner's login: only its own; an admin: any). */
export const FeedQuery = queryOf({}, { practitionerId: ObjectId })
export type FeedQuery = t.TypeOf<typeof FeedQuery>
export const FeedBody = bodyOf({}, { practitionerId: ObjectId })
export type FeedBody = t.TypeOf<typeof FeedBody>

export const PractitionerFeedStatus = entity('PractitionerFeedStatus', { practitionerId: ObjectId, practitionerName: t.string, active: t.boolean }, { createdAt: IsoDateTime })
export type PractitionerFeedStatus = t.TypeOf<typeof PractitionerFeedStatus>

/** url: shown once (only its hash is kept); subscribe to it in a calendar app. */
export const PractitionerFeedLink = entity('PractitionerFeedLink', { practitionerId: ObjectId, practitionerName: t.string, url: NonEmptyString, createdAt: IsoDateTime })
export type PractitionerFeedLink = t.TypeOf<typeof PractitionerFeedLink>

export const getPractitionerFeed = route({
  method: 'GET',
  path: '/staff/calendar-feed',
  access: 'staff',
  summary: "Whether a practitioner's calendar feed is on",
  description: "Whether the practitioner (the login's own, or for an admin the one named) has a live calendar feed, and since when. The URL itself is shown only when made.",
  query: FeedQuery,
  responses: { 200: PractitionerFeedStatus, ...errors(400, 401, 403, 404) },
})

export const createPractitionerFeed = route({
  method: 'POST',
  path: '/staff/calendar-feed',
  access: 'staff',
  summary: "Make a practitioner's calendar feed link",
  description: "Makes a new secret calendar feed URL for the practitioner (the login's own, or for an admin the one named) and revokes any older one. The URL is answered once; only its hash is kept.",
  body: FeedBody,
  responses: { 201: PractitionerFeedLink, ...errors(400, 401, 403, 404) },
})

export const revokePractitionerFeed = route({
  method: 'POST',
  path: '/staff/calendar-feed/revoke',
  access: 'staff',
  summary: "Revoke a practitioner's calendar feed",
  description: 'Ends the calendar feed URL of the practitioner: calendar apps subscribed to it get 404 from then on.',
  body: FeedBody,
  responses: { 200: Ack, ...errors(400, 401, 403, 404) },
})

export const FeedTokenParams = t.type({ token: NonEmptyString })

export const getPractitionerFeedCalendar = route({
  method: 'GET',
  path: '/calendar-feeds/{token}/calendar.ics',
  access: 'public',
  summary: "A practitioner's calendar feed",
  description:
    "The practitioner's appointments from 30 days ago to a year ahead, and their breaks, blocks and leave, as an RFC 5545 calendar (text/calendar) for a calendar app's subscription. The secret token is the credential: 404 once revoked.",
  mediaType: 'text/calendar',
  params: FeedTokenParams,
  responses: { 200: t.string, ...errors(404) },
})
