/**
 * Practitioners are told (issue 29): with each notice about a new, moved or cancelled booking, a mail
 * (and a text where the login has a mobile number) to every staff login linked to a practitioner of
 * its appointments that has not turned them off; on a move to another practitioner, the one it left
 * is told that it moved away (to whom and when). Written to the outbox in the notice's rendering
 * transaction, so each goes once, with the outbox's retries.
 */
import { normalisePhone } from '../../src/domain/validation/phone'
import { newId } from '../db/ids'
import type { DbOrTrx } from '../db/schema'
import type { OperatorExtra } from '../staff/staff.tables'
import { enqueueMail } from './mail.service'
import { brandingOf, htmlOf } from './mail-layout'
import { textOf, type RenderedMessage } from './messages'
import type { AppointmentNoticeKind, NoticeRow } from './notices.repository'
import { PRACTITIONER_KINDS, renderPractitionerMovedAway, renderPractitionerNotice } from './practitioner-messages'
import type { OrganisationSettings } from '../db/schema'

export async function enqueuePractitionerNotices(
  trx: DbOrTrx,
  notice: NoticeRow,
  context: { organisation: { name: string; settings: OrganisationSettings }; customerName: string; origin: string; smsEnabled: boolean },
): Promise<number> {
  const kind = notice.kind
  if (!PRACTITIONER_KINDS.has(kind as AppointmentNoticeKind) || notice.payload.appointments.length === 0) return 0
  const db = trx.withTables<OperatorExtra>()
  const ids = notice.payload.appointments.map((a) => a.id)
  const rows = await db.selectFrom('appointments').select(['id', 'practitioner_id']).where('tenant_id', '=', notice.tenant_id).where('id', 'in', ids).execute()
  const practitionerOf = new Map(rows.map((r) => [r.id, r.practitioner_id]))
  // A move to another practitioner: the one it left hears of it too (the payload says where it was).
  const movedAway = kind === 'rescheduled' ? (notice.payload.movedFrom ?? []).filter((m) => practitionerOf.has(m.id) && practitionerOf.get(m.id) !== m.practitionerId) : []
  const practitioners = [...new Set([...rows.map((r) => r.practitioner_id), ...movedAway.map((m) => m.practitionerId)])]
  if (practitioners.length === 0) return 0
  const staff = await db
    .selectFrom('staff')
    .select(['display_name', 'email', 'practitioner_id', 'notify_email', 'notify_sms', 'mobile_phone'])
    .where('tenant_id', '=', notice.tenant_id)
    .where('practitioner_id', 'in', practitioners)
    .where('archived', '=', false)
    .where((eb) => eb.or([eb('notify_email', '=', true), eb('notify_sms', '=', true)]))
    .execute()
  const appointmentOf = new Map(notice.payload.appointments.map((a) => [a.id, a]))
  const nameOf = new Map(
    movedAway.length === 0
      ? []
      : (await db.selectFrom('practitioners').select(['id', 'display_name']).where('tenant_id', '=', notice.tenant_id).where('id', 'in', movedAway.map((m) => m.practitionerId)).execute()).map((p) => [p.id, p.display_name]),
  )
  let sent = 0
  for (const member of staff) {
    const ctx = {
      organisationName: context.organisation.name,
      staffName: member.display_name,
      customerName: context.customerName,
      deskUrl: `${context.origin}/staff`,
      settingsUrl: `${context.origin}/staff/notifications`,
    }
    const theirs = notice.payload.appointments.filter((a) => practitionerOf.get(a.id) === member.practitioner_id)
    // The one it went to: moved to them from whom.
    const cameFrom = movedAway.find((m) => theirs.some((a) => a.id === m.id))
    const from = cameFrom ? nameOf.get(cameFrom.practitionerId) : undefined
    const left = movedAway.filter((m) => m.practitionerId === member.practitioner_id && appointmentOf.has(m.id))
    const messages = [
      renderPractitionerNotice(kind as AppointmentNoticeKind, theirs, from ? { ...ctx, movedFrom: from } : ctx),
      ...left.map((m) => renderPractitionerMovedAway({ was: m, now: appointmentOf.get(m.id)! }, ctx)),
    ]
    for (const message of messages) if (message) sent += await send(trx, notice, context, member, message)
  }
  return sent
}

async function send(
  trx: DbOrTrx,
  notice: NoticeRow,
  context: { organisation: { name: string; settings: OrganisationSettings }; smsEnabled: boolean },
  member: { email: string; notify_email: boolean; notify_sms: boolean; mobile_phone: string | null },
  message: RenderedMessage,
): Promise<number> {
  let sent = 0
  if (member.notify_email) {
    await enqueueMail(trx, {
      tenant: notice.tenant_id,
      to: member.email,
      subject: `${message.subject} | ${context.organisation.name}`,
      text: textOf(message, context.organisation.name),
      html: await htmlOf(message, brandingOf(context.organisation)),
    })
    sent += 1
  }
  const mobile = context.smsEnabled && member.notify_sms ? normalisePhone(member.mobile_phone, { defaultCountry: 'GB' }) : undefined
  if (mobile) {
    await trx
      .insertInto('outbox')
      .values({ id: newId(), tenant_id: notice.tenant_id, channel: 'sms', to_address: mobile, subject: `practitioner-${notice.kind}`, text: message.sms, attachments: JSON.stringify([]) })
      .execute()
    sent += 1
  }
  return sent
}
