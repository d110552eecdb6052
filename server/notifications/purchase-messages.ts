/**
 * What a notice about no appointment says: a course bought, the gift-voucher buyer's receipt, a
 * gift voucher (to its receiver), a form to fill in. No calendar file. Pure, like messages.ts.
 */
import { formatInTimeZone } from 'date-fns-tz'
import { sms, smsName, smsText } from '../../src/domain/policy/sms-segments'
import { currencyOrDefault, formatMoney } from '../../src/domain/pricing/money'
import { DISPLAY_LONG_DATE_FORMAT, LONDON_TIME_ZONE } from '../../src/domain/time'
import type { MessageContext, RenderedMessage } from './messages'
import type { NoticeForm, NoticePayload, NoticeVoucher, PurchaseNoticeKind } from './notices.repository'

const worth = (voucher: Pick<NoticeVoucher, 'amount' | 'currency'>) => formatMoney(voucher.amount, currencyOrDefault(voucher.currency))

/** 'consent' → 'consent form'; a form's own name when it has one. */
const formTitle = (form: NoticeForm) => form.name.trim() || `${form.type} form`

export function renderPurchase(kind: PurchaseNoticeKind, payload: NoticePayload, ctx: MessageContext): RenderedMessage | undefined {
  const org = ctx.organisation.name
  const names = (payload.purchase?.items ?? []).map((item) => item.name)
  switch (kind) {
    case 'course-bought':
      return {
        subject: `Course bought: ${names.join(', ')}`,
        paragraphs: [
          `Hi ${ctx.customer.firstName},`,
          `Thank you for buying from ${org}. Your course is ready to use:`,
          'Book its sessions online from your account: they are paid for by the course.',
        ],
        details: names,
        action: { label: 'Book a session', url: ctx.manageUrl },
        sms: smsText([sms`${smsName(org)}: course bought (${smsName(names.join(', '))}). Book its sessions online.`, sms`${smsName(org)}: course bought. Book its sessions online.`]),
      }
    case 'voucher-bought':
      return {
        subject: 'Gift voucher receipt',
        paragraphs: [
          `Hi ${ctx.customer.firstName},`,
          `Thank you for buying from ${org}. Your gift vouchers:`,
          'Each voucher code has been emailed to its receiver (yours to you).',
        ],
        details: names,
        action: { label: 'Your account', url: ctx.manageUrl },
        sms: smsText([
          sms`${smsName(org)}: thank you for buying ${names.length === 1 ? 'a gift voucher' : `${names.length} gift vouchers`}. The codes are on their way by email.`,
          sms`${smsName(org)}: ${names.length === 1 ? 'gift voucher' : `${names.length} gift vouchers`} bought, codes by email.`,
        ]),
      }
    case 'gift-voucher': {
      const voucher = payload.voucher
      if (!voucher) return undefined
      const greeting = voucher.receiver ? `Hi ${voucher.receiver.name},` : `Hi ${ctx.customer.firstName},`
      const lead = voucher.receiver
        ? `${voucher.from || 'Someone'} has sent you a ${org} gift voucher worth ${worth(voucher)}.`
        : `Here is your ${org} gift voucher worth ${worth(voucher)}.`
      return {
        subject: voucher.receiver ? `A gift voucher for you from ${voucher.from || org}` : 'Your gift voucher',
        paragraphs: [greeting, lead, ...(voucher.receiver?.message ? [voucher.receiver.message] : []), 'Show the code at the clinic when you pay for your visit.'],
        details: [`Voucher code: ${voucher.code}`, `Valid until: ${formatInTimeZone(new Date(voucher.expiresAt), LONDON_TIME_ZONE, DISPLAY_LONG_DATE_FORMAT)}`],
        action: { label: 'Book now', url: ctx.bookUrl },
        // Never texted: the code is the money, and the receiver's number is not known.
        sms: '',
      }
    }
    case 'form-to-fill-in': {
      const form = payload.form
      if (!form) return undefined
      const url = `${ctx.bookUrl.replace(/\/$/, '')}/form/${encodeURIComponent(form.id)}`
      return {
        subject: `Form to fill in: ${formTitle(form)}`,
        paragraphs: [
          `Hi ${ctx.customer.firstName},`,
          `${org} asks you to fill in this form before your appointment:`,
          ...(form.hasPassword ? ['The form asks for the password the clinic has given you.'] : []),
          'It takes a few minutes, on your phone or computer.',
        ],
        details: [formTitle(form)],
        action: { label: 'Fill in the form', url },
        sms: smsText([sms`${smsName(org)}: please fill in your ${smsName(formTitle(form))}: ${url}`, sms`${smsName(org)}: please fill in a form: ${url}`]),
      }
    }
  }
}
