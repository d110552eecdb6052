import * as t from 'io-ts'
import { route } from './route'
import { bodyOf, errors, Int, Money, NonEmptyString, ObjectId } from './codecs'
import { GiftVoucher, GiftVoucherReceiver, GiftVoucherStatus, Invoice } from './invoices.codecs'

export { GiftVoucher, GiftVoucherReceiver, GiftVoucherStatus }

/**
 * Not in the spec's table (designed). Buying gift vouchers makes a draft invoice with one Giftvoucher
 * item per voucher (origin SALE), then paid with POST /invoice/{id}/pay. `value`
 * must be one of the organisation's giftVoucherValues (or 50, 100, 150, 200, 250, 500 when it sets
 * none). No `receiver`: the voucher is for the buyer; with one, the receiver is emailed.
 */
export const GiftVoucherPurchaseBody = bodyOf(
  { customer: ObjectId, clinic: ObjectId, vouchers: t.array(bodyOf({ value: Money }, { quantity: Int, receiver: GiftVoucherReceiver })) },
  /** The purchase's key, one per purchase: sent again, its open invoice answers (no second one); once paid, 409. */
  { idempotencyKey: NonEmptyString },
)
export type GiftVoucherPurchaseBody = t.TypeOf<typeof GiftVoucherPurchaseBody>

export const purchaseGiftVouchers = route({
  method: 'POST',
  path: '/gift-vouchers/purchase',
  access: 'customer',
  summary: 'Buy gift vouchers',
  description: 'Creates the gift vouchers of a paid invoice and mails them to their receivers.',
  body: GiftVoucherPurchaseBody,
  responses: { 200: Invoice, ...errors(400, 401, 403, 404, 409) },
})
