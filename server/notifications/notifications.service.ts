/**
 * Notifications: notify() records what happened (inside the caller's transaction); the service turns
 * pending notices into outbox rows (email, and SMS for customers who chose it), once each across
 * instances, and plans reminders. Links come only from config.publicUrl, never from a request.
 * Sending is the outbox's job (MailSender for email, SmsSender for texts), with retries.
 */
import type { FastifyBaseLogger } from 'fastify'
import { currencyOrDefault, formatMoney } from '../../src/domain/pricing/money'
import { customerTextTo } from '../../src/domain/policy/text-consent'
import { publicOrigin, type ServerConfig } from '../config'
import { newId } from '../db/ids'
import type { Db, DbOrTrx } from '../db/schema'
import { enqueueMail } from './mail.service'
import { brandingOf, htmlOf } from './mail-layout'
import { attendeeOf, organizerOf } from './calendar.service'
import { renderNotice, textOf } from './messages'
import { renderPurchase } from './purchase-messages'
import { claimPendingNotices, insertNotice, insertPurchaseNotice, markRendered, type AppointmentNoticeKind, type NoticeDeposit, type NoticeForm, type NoticeMovedFrom, type NoticePurchase, type NoticeRow, type NoticeVoucher, type PurchaseNoticeKind } from './notices.repository'
import { markPassedReminders, planDueReminders } from './reminders'
import type { SmsPort } from './sms.port'
import { LoggedSms } from './logged-sms.adapter'
import { enqueuePractitionerNotices } from './practitioner-notices'

export type { NoticeKind } from './notices.repository'

/**
 * Tells the customer about a change to a visit (its first appointment and the linked ones). One line
 * for the booking and payment code, inside the transaction of the change. A move names where each
 * appointment was (movedFrom), so that a practitioner it left is told.
 */
export async function notify(
  db: DbOrTrx,
  tenant: string,
  notice: { kind: AppointmentNoticeKind; appointmentIds: readonly string[]; at: Date; deposit?: NoticeDeposit; movedFrom?: readonly NoticeMovedFrom[] },
): Promise<void> {
  await insertNotice(db, tenant, notice)
  if (notice.kind === 'booked' || notice.kind === 'rescheduled') await markPassedReminders(db, tenant, notice.appointmentIds, notice.at)
}

/** Tells the customer about a purchase (course bought), in its transaction; nothing when nothing was bought. */
export async function notifyPurchase(db: DbOrTrx, tenant: string, notice: { kind: PurchaseNoticeKind; customerId: string; at: Date; purchase: NoticePurchase }): Promise<void> {
  await insertPurchaseNotice(db, tenant, notice)
}

/**
 * Paid gift vouchers, in the payment's transaction: each voucher's code to its receiver (or to the
 * buyer, for themself), and the buyer a receipt of them all.
 */
export async function notifyVouchersBought(db: DbOrTrx, tenant: string, notice: { customerId: string; at: Date; vouchers: readonly NoticeVoucher[] }): Promise<void> {
  for (const voucher of notice.vouchers) await insertPurchaseNotice(db, tenant, { kind: 'gift-voucher', customerId: notice.customerId, at: notice.at, voucher })
  const items = notice.vouchers.map((v) => ({
    name: `${formatMoney(v.amount, currencyOrDefault(v.currency))} gift voucher ${v.receiver ? `for ${v.receiver.name} (${v.receiver.email})` : 'for you'}`,
    quantity: 1,
  }))
  await insertPurchaseNotice(db, tenant, { kind: 'voucher-bought', customerId: notice.customerId, at: notice.at, purchase: { items } })
}

/** A form sent to the customer (consent, medical...): the link to fill it in, in the transaction that sends it. */
export async function notifyFormSent(db: DbOrTrx, tenant: string, notice: { customerId: string; at: Date; form: NoticeForm }): Promise<void> {
  await insertPurchaseNotice(db, tenant, { kind: 'form-to-fill-in', customerId: notice.customerId, at: notice.at, form: notice.form })
}

/** Twilio when configured; else texts are logged (development, test), and none are written in production. */
export function smsPortOf(config: Pick<ServerConfig, 'twilio' | 'env'>, log: { info(obj: object, msg: string): void }): SmsPort | undefined {
  const twilio = config.twilio
  if (twilio) {
    // The Twilio SDK (~0.2 s of CPU, ~25 MB) is imported with the first text, not at start.
    let adapter: Promise<SmsPort> | undefined
    const load = () =>
      (adapter ??= import('./twilio-sms.adapter').then(({ TwilioSms }) => new TwilioSms(twilio)).catch((error: unknown) => {
        adapter = undefined
        throw error
      }))
    return { send: async (message) => (await load()).send(message) }
  }
  return config.env === 'production' ? undefined : new LoggedSms(log)
}

export interface NotificationsApi {
  /** Pending notices → outbox rows (the mail sender runs it before each drain). */
  renderPending(): Promise<number>
  /** Reminders due now → notices. */
  planReminders(): Promise<number>
}

export class NotificationsService implements NotificationsApi {
  constructor(
    private readonly db: Db,
    private readonly options: {
      config: Pick<ServerConfig, 'publicUrl' | 'mailFrom'>
      clock: () => Date
      log: Pick<FastifyBaseLogger, 'error' | 'info'>
      /** whether texts are written at all (no SMS port: production without Twilio) */
      smsEnabled: boolean
    },
  ) {}

  async planReminders(): Promise<number> {
    return planDueReminders(this.db, this.options.clock())
  }

  async renderPending(): Promise<number> {
    let rendered = 0
    for (;;) {
      const count = await this.db.transaction().execute(async (trx) => {
        const notices = await claimPendingNotices(trx)
        for (const notice of notices) await this.renderOne(trx, notice)
        return notices.length
      })
      rendered += count
      if (count === 0) return rendered
    }
  }

  private async renderOne(trx: DbOrTrx, notice: NoticeRow): Promise<void> {
    const now = this.options.clock()
    const [organisation, customer] = await Promise.all([
      trx.selectFrom('organisations').select(['name', 'settings']).where('tenant_id', '=', notice.tenant_id).executeTakeFirst(),
      notice.customer_id
        ? trx
            .selectFrom('customers')
            .select(['email', 'first_name', 'surname', 'mobile_phone', 'notification_types'])
            .where('tenant_id', '=', notice.tenant_id)
            .where('id', '=', notice.customer_id)
            .executeTakeFirst()
        : undefined,
    ])
    const payload = notice.payload
    if (organisation && customer && (payload.appointments.length > 0 || payload.purchase || payload.voucher || payload.form)) {
      const origin = publicOrigin(this.options.config, notice.tenant_id)
      const context = {
        tenant: notice.tenant_id,
        organisation,
        customer: { firstName: customer.first_name },
        calendar: { organizer: organizerOf(organisation.name, this.options.config.mailFrom), attendee: attendeeOf(customer) },
        manageUrl: `${origin}/app`,
        bookUrl: `${origin}/`,
        now,
      }
      const message = payload.appointments.length > 0 ? renderNotice(notice.kind as AppointmentNoticeKind, payload, context) : renderPurchase(notice.kind as PurchaseNoticeKind, payload, context)
      // A gift voucher goes to its receiver by mail whatever the buyer chose: it is the present itself.
      const voucherTo = notice.kind === 'gift-voucher' ? (payload.voucher?.receiver?.email ?? customer.email) : undefined
      const channels = new Set(voucherTo ? ['Email'] : (customer.notification_types ?? []))
      if (message && channels.has('Email')) {
        await enqueueMail(trx, {
          tenant: notice.tenant_id,
          to: voucherTo ?? customer.email,
          subject: `${message.subject} | ${organisation.name}`,
          text: textOf(message, organisation.name),
          html: await htmlOf(message, brandingOf(organisation)),
          ...(message.ics
            ? { attachments: [{ filename: message.ics.filename, content: message.ics.content, contentType: `text/calendar; charset=utf-8; method=${message.ics.method}` }] }
            : {}),
        })
      }
      // A gift voucher's receiver is mailed only (channels above): no text for it.
      const mobile = message?.sms && !voucherTo ? customerTextTo({ notificationTypes: customer.notification_types, mobile: customer.mobile_phone, textsOn: this.options.smsEnabled }) : undefined
      if (message && mobile) {
        await trx
          .insertInto('outbox')
          .values({ id: newId(), tenant_id: notice.tenant_id, channel: 'sms', to_address: mobile, subject: notice.kind, text: message.sms, attachments: JSON.stringify([]) })
          .execute()
      }
    }
    if (organisation && customer && payload.appointments.length > 0) {
      await enqueuePractitionerNotices(trx, notice, {
        organisation,
        customerName: `${customer.first_name} ${customer.surname}`.trim(),
        origin: publicOrigin(this.options.config, notice.tenant_id),
        smsEnabled: this.options.smsEnabled,
      })
    }
    await markRendered(trx, notice.id, now)
  }
}
