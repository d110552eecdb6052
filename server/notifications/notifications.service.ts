/**
 * Notifications: notify() records what happened (inside the caller's transaction); the service turns
 * pending notices into outbox rows (email, and SMS for customers who chose it), once each across
 * instances, and plans reminders. Links come only from config.publicUrl, never from a request.
 * Sending is the outbox's job (MailSender for email, SmsSender for texts), with retries.
 */
import type { FastifyBaseLogger } from 'fastify'
import { normalisePhone } from '../../src/domain/validation/phone'
import { publicOrigin, type ServerConfig } from '../config'
import { newId } from '../db/ids'
import type { Db, DbOrTrx } from '../db/schema'
import { enqueueMail } from './mail.service'
import { htmlOf } from './mail-layout'
import { renderNotice, textOf } from './messages'
import { renderPurchase } from './purchase-messages'
import { claimPendingNotices, insertNotice, insertPurchaseNotice, markRendered, type AppointmentNoticeKind, type NoticeDeposit, type NoticePurchase, type PurchaseNoticeKind, type NoticeRow } from './notices.repository'
import { markPassedReminders, planDueReminders } from './reminders'
import type { SmsPort } from './sms.port'
import { LoggedSms, TwilioSms } from './twilio-sms.adapter'

export type { NoticeKind } from './notices.repository'

/**
 * Tells the customer about a change to a visit (its first appointment and the linked ones). One line
 * for the booking and payment code, inside the transaction of the change.
 */
export async function notify(db: DbOrTrx, tenant: string, notice: { kind: AppointmentNoticeKind; appointmentIds: readonly string[]; at: Date; deposit?: NoticeDeposit }): Promise<void> {
  await insertNotice(db, tenant, notice)
  if (notice.kind === 'booked' || notice.kind === 'rescheduled') await markPassedReminders(db, tenant, notice.appointmentIds, notice.at)
}

/** Tells the customer about a purchase (course bought), in its transaction; nothing when nothing was bought. */
export async function notifyPurchase(db: DbOrTrx, tenant: string, notice: { kind: PurchaseNoticeKind; customerId: string; at: Date; purchase: NoticePurchase }): Promise<void> {
  await insertPurchaseNotice(db, tenant, notice)
}

/** Twilio when configured; else texts are logged (development, test), and none are written in production. */
export function smsPortOf(config: Pick<ServerConfig, 'twilio' | 'env'>, log: { info(obj: object, msg: string): void }): SmsPort | undefined {
  if (config.twilio) return new TwilioSms(config.twilio)
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
      config: Pick<ServerConfig, 'publicUrl'>
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
            .select(['email', 'first_name', 'mobile_phone', 'notification_types'])
            .where('tenant_id', '=', notice.tenant_id)
            .where('id', '=', notice.customer_id)
            .executeTakeFirst()
        : undefined,
    ])
    if (organisation && customer && (notice.payload.appointments.length > 0 || notice.payload.purchase)) {
      const context = {
        tenant: notice.tenant_id,
        organisation,
        customer: { firstName: customer.first_name },
        manageUrl: `${publicOrigin(this.options.config, notice.tenant_id)}/app`,
        now,
      }
      const message = notice.payload.purchase ? renderPurchase(notice.kind as PurchaseNoticeKind, notice.payload.purchase, context) : renderNotice(notice.kind as AppointmentNoticeKind, notice.payload, context)
      const channels = new Set(customer.notification_types ?? [])
      if (channels.has('Email')) {
        await enqueueMail(trx, {
          tenant: notice.tenant_id,
          to: customer.email,
          subject: `${message.subject} | ${organisation.name}`,
          text: textOf(message, organisation.name),
          html: await htmlOf(message, { name: organisation.name, logo: organisation.settings.logo, accentColour: organisation.settings.accentColour }),
          ...(message.ics
            ? { attachments: [{ filename: message.ics.filename, content: message.ics.content, contentType: `text/calendar; charset=utf-8; method=${message.ics.method}` }] }
            : {}),
        })
      }
      const mobile = this.options.smsEnabled && channels.has('SMS') ? normalisePhone(customer.mobile_phone, { defaultCountry: 'GB' }) : undefined
      if (mobile) {
        await trx
          .insertInto('outbox')
          .values({ id: newId(), tenant_id: notice.tenant_id, channel: 'sms', to_address: mobile, subject: notice.kind, text: message.sms, attachments: JSON.stringify([]) })
          .execute()
      }
    }
    await markRendered(trx, notice.id, now)
  }
}
