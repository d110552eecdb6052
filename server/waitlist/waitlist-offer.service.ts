/**
 * Making a waitlist offer (issue 32): the freed time is held for the customer as an ordinary slot hold
 * (issue 17: Pending appointment rows under the exclusion constraint, so two offers can never hold one
 * time), the offer is written, and the mail (and an SMS where the customer chose texts: customerTextTo, as every notice) goes to the outbox, all in
 * one transaction. The hold's token is the link's token: reading the offer by it answers the hold.
 * Locks, in the booking code's order: the entry row, then the practitioner days.
 */
import { randomBytes } from 'node:crypto'
import { formatInTimeZone } from 'date-fns-tz'
import type { Transaction } from 'kysely'
import { DEFAULT_WAITLIST_OFFER_MINUTES } from '../../src/domain/waitlist'
import { LONDON_TIME_ZONE } from '../../src/domain/london'
import type { ChainOption } from '../../src/domain/scheduling'
import { customerTextTo } from '../../src/domain/policy/text-consent'
import { waitlistOfferText } from '../../src/domain/waitlist/offer-text'
import { fitsCalendar } from '../availability/availability.service'
import { loadCalendars, serviceOptions } from '../availability/calendar.repository'
import { isOverlapViolation, pricesOf } from '../booking/booking.service'
import { lockPractitionerDays, releaseExpiredHolds } from '../booking/booking.repository'
import { tokenHash } from '../booking/hold-claim'
import { insertSlotHold } from '../booking/holds.repository'
import { publicOrigin, type ServerConfig } from '../config'
import { newId } from '../db/ids'
import { RetriesExhausted, retryTransaction } from '../db/transaction-retry'
import type { AllTables, Db, OrganisationSettings } from '../db/schema'
import { enqueueMail } from '../notifications/mail.service'
import { brandingOf, htmlOf } from '../notifications/mail-layout'
import { textOf, type RenderedMessage } from '../notifications/messages'
import { customersByIds, entryById, insertOffer, namesOf, openOfferOfEntry, setEntryStatus } from './waitlist.repository'
import { londonDateOf } from '../../src/domain/london'

export interface OfferDeps {
  db: Db
  now: Date
  config: Pick<ServerConfig, 'publicUrl'>
  /** whether texts are written at all (no SMS port: production without Twilio) */
  smsEnabled: boolean
}

export interface OfferMade {
  entryId: string
  holdId: string
  token: string
  expiresAt: Date
  items: { service: string; practitioner: string; start: string; end: string }[]
}

/** Why no offer was made: the entry no longer waits (or has an open offer), or the time is not free. */
export type OfferRefusal = 'not-waiting' | 'taken'

/** The link a mail carries: the web app's offer page. */
export function offerLink(config: Pick<ServerConfig, 'publicUrl'>, tenant: string, token: string): string {
  return `${publicOrigin(config, tenant)}/waitlist/offer/${token}`
}

/** Holds the option for the entry's customer and sends the offer; the refusal when it cannot. */
export async function makeOffer(deps: OfferDeps, tenant: string, entryId: string, option: ChainOption): Promise<OfferMade | OfferRefusal> {
  const token = randomBytes(24).toString('base64url')
  const holdId = newId()
  const items = option.services.map((s) => ({ serviceId: s.serviceId, practitionerId: s.practitioner, start: new Date(s.start), end: new Date(s.end) }))
  try {
    return await retryTransaction(() =>
      deps.db.transaction().execute(async (trx): Promise<OfferMade | OfferRefusal> => {
        const entry = await entryById(trx, tenant, entryId, true)
        if (!entry || entry.status !== 'active') return 'not-waiting'
        if (await openOfferOfEntry(trx, tenant, entryId)) return 'not-waiting'
        const org = await trx.selectFrom('organisations').select(['name', 'settings']).where('tenant_id', '=', tenant).executeTakeFirst()
        const minutes = org?.settings.waitlistOfferMinutes ?? DEFAULT_WAITLIST_OFFER_MINUTES
        const expiresAt = new Date(deps.now.getTime() + minutes * 60_000)
        const practitionerIds = [...new Set(items.map((i) => i.practitionerId))]
        const from = new Date(Math.min(...items.map((i) => i.start.getTime())))
        const to = new Date(Math.max(...items.map((i) => i.end.getTime())))
        await lockPractitionerDays(trx, tenant, items)
        await releaseExpiredHolds(trx, tenant, practitionerIds, from, to, deps.now)
        const calendars = await loadCalendars(trx, tenant, entry.clinic_id, practitionerIds, londonDateOf(from), londonDateOf(to), deps.db)
        if (!items.every((i) => fitsCalendar(calendars, i.practitionerId, i.start.getTime(), i.end.getTime(), { now: deps.now, ignore: [] }))) return 'taken'
        const { options } = await serviceOptions(trx, tenant, entry.clinic_id, [...new Set(items.map((i) => i.serviceId))], true, deps.db)
        await insertSlotHold(trx, {
          id: holdId,
          tenant_id: tenant,
          token_hash: tokenHash(token),
          clinic_id: entry.clinic_id,
          customer_id: entry.customer_id,
          client_key: `customer:${entry.customer_id}`,
          expires_at: expiresAt,
        })
        const ids = items.map((_, i) => (i === 0 ? holdId : newId()))
        await trx
          .insertInto('appointments')
          .values(
            items
              .map((item, i) => {
                const o = options.find((x) => x.serviceId === item.serviceId && x.practitionerId === item.practitionerId)
                return {
                  id: ids[i],
                  tenant_id: tenant,
                  customer_id: null,
                  practitioner_id: item.practitionerId,
                  clinic_id: entry.clinic_id,
                  service_id: item.serviceId,
                  status: 'Pending',
                  starts_at: item.start,
                  ends_at: item.end,
                  hold_expires_at: expiresAt,
                  hold_id: holdId,
                  group_id: items.length > 1 ? holdId : null,
                  is_linked: i > 0,
                  course_id: null,
                  ...pricesOf(o ? (o.grossPrice ?? o.defaultPrice) : 0, o?.taxRate ?? 0),
                  deposit: 0,
                  transaction_id: null,
                }
              })
              .sort((a, b) => a.practitioner_id.localeCompare(b.practitioner_id) || a.starts_at.getTime() - b.starts_at.getTime()),
          )
          .execute()
        await insertOffer(trx, {
          id: newId(),
          tenant_id: tenant,
          entry_id: entry.id,
          hold_id: holdId,
          appointment_id: null,
          token_hash: tokenHash(token),
          clinic_id: entry.clinic_id,
          practitioner_id: items[0].practitionerId,
          starts_at: from,
          ends_at: to,
          expires_at: expiresAt,
          status: 'offered',
          created_at: deps.now,
          updated_at: deps.now,
        })
        await setEntryStatus(trx, tenant, entry.id, 'offered', deps.now)
        if (org) await sendOffer(trx, deps, tenant, { org, customerId: entry.customer_id, clinicId: entry.clinic_id, items, expiresAt, minutes, token })
        return {
          entryId: entry.id,
          holdId,
          token,
          expiresAt,
          items: items.map((i) => ({ service: i.serviceId, practitioner: i.practitionerId, start: i.start.toISOString(), end: i.end.toISOString() })),
        }
      }),
    )
  } catch (error) {
    if (isOverlapViolation(error) || error instanceof RetriesExhausted) return 'taken'
    throw error
  }
}

const clock = (d: Date) => formatInTimeZone(d, LONDON_TIME_ZONE, 'HH:mm')
const day = (d: Date) => formatInTimeZone(d, LONDON_TIME_ZONE, 'EEEE d MMMM yyyy')

/** The offer's mail, and its SMS where the customer chose texts and has a valid mobile number (customerTextTo). */
async function sendOffer(
  trx: Transaction<AllTables>,
  deps: OfferDeps,
  tenant: string,
  offer: {
    org: { name: string; settings: OrganisationSettings }
    customerId: string
    clinicId: string
    items: { serviceId: string; practitionerId: string; start: Date; end: Date }[]
    expiresAt: Date
    minutes: number
    token: string
  },
): Promise<void> {
  const customer = (await customersByIds(trx, tenant, [offer.customerId])).get(offer.customerId)
  if (!customer) return
  const names = await namesOf(trx, tenant, [{ clinic_id: offer.clinicId, service_ids: offer.items.map((i) => i.serviceId).join(','), practitioner_id: null }])
  const practitioners = await trx.selectFrom('practitioners').select(['id', 'display_name']).where('tenant_id', '=', tenant).where('id', 'in', offer.items.map((i) => i.practitionerId)).execute()
  const who = new Map(practitioners.map((p) => [p.id, p.display_name]))
  const link = offerLink(deps.config, tenant, offer.token)
  const clinic = names.clinics.get(offer.clinicId) ?? ''
  const first = offer.items[0]
  const message: RenderedMessage = {
    subject: 'A time you are waiting for is free',
    paragraphs: [
      `Hello ${customer.firstName},`,
      `A time you are on the waitlist for has come free, and we are holding it for you until ${clock(offer.expiresAt)} (${offer.minutes} minutes):`,
      'Not for you? Turn it down and the next person waiting is offered it. You stay on the waitlist either way.',
    ],
    details: offer.items.map((i) => `${names.services.get(i.serviceId) ?? ''} with ${who.get(i.practitionerId) ?? ''}, ${day(i.start)} at ${clock(i.start)}, ${clinic}`),
    action: { label: 'Book this time', url: link },
    secondaryAction: { label: 'Turn this time down', url: `${link}?decline=1` },
    sms: waitlistOfferText({ organisation: offer.org.name, start: first.start, heldUntil: offer.expiresAt, link }),
  }
  await enqueueMail(trx, {
    tenant,
    to: customer.email,
    subject: `${message.subject} | ${offer.org.name}`,
    text: textOf(message, offer.org.name),
    html: await htmlOf(message, brandingOf(offer.org)),
  })
  const mobile = customerTextTo({ notificationTypes: customer.notificationTypes, mobile: customer.phone, textsOn: deps.smsEnabled })
  if (mobile) {
    await trx
      .insertInto('outbox')
      .values({ id: newId(), tenant_id: tenant, channel: 'sms', to_address: mobile, subject: 'waitlist-offer', text: message.sms, attachments: JSON.stringify([]) })
      .execute()
  }
}
