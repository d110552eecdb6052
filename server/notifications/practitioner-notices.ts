/**
 * Practitioners are told (issue 29): with each notice about a new, moved or cancelled booking, a mail
 * (and a text where the login has a mobile number) to every staff login linked to a practitioner of
 * its appointments that has not turned them off. Written to the outbox in the notice's rendering
 * transaction, so each goes once, with the outbox's retries.
 */
import { normalisePhone } from '../../src/domain/validation/phone'
import { newId } from '../db/ids'
import type { DbOrTrx } from '../db/schema'
import type { OperatorExtra } from '../staff/staff.tables'
import { enqueueMail } from './mail.service'
import { brandingOf, htmlOf } from './mail-layout'
import { textOf } from './messages'
import type { AppointmentNoticeKind, NoticeRow } from './notices.repository'
import { PRACTITIONER_KINDS, renderPractitionerNotice } from './practitioner-messages'
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
  const practitioners = [...new Set(rows.map((r) => r.practitioner_id))]
  if (practitioners.length === 0) return 0
  const staff = await db
    .selectFrom('staff')
    .select(['display_name', 'email', 'practitioner_id', 'notify_email', 'notify_sms', 'mobile_phone'])
    .where('tenant_id', '=', notice.tenant_id)
    .where('practitioner_id', 'in', practitioners)
    .where('archived', '=', false)
    .where((eb) => eb.or([eb('notify_email', '=', true), eb('notify_sms', '=', true)]))
    .execute()
  let sent = 0
  for (const member of staff) {
    const theirs = notice.payload.appointments.filter((a) => practitionerOf.get(a.id) === member.practitioner_id)
    const message = renderPractitionerNotice(kind as AppointmentNoticeKind, theirs, {
      organisationName: context.organisation.name,
      staffName: member.display_name,
      customerName: context.customerName,
      deskUrl: `${context.origin}/staff`,
      settingsUrl: `${context.origin}/staff/notifications`,
    })
    if (!message) continue
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
        .values({ id: newId(), tenant_id: notice.tenant_id, channel: 'sms', to_address: mobile, subject: `practitioner-${kind}`, text: message.sms, attachments: JSON.stringify([]) })
        .execute()
      sent += 1
    }
  }
  return sent
}
