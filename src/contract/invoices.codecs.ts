import * as t from 'io-ts'
import { entity, Int, IsoDateTime, literals, Money, ObjectId } from './codecs'
import { InvoiceOrigin } from './appointments.codecs'

/** Spec section 9: invoice item types. */
export const InvoiceItemType = literals(
  ['Account', 'Course', 'Giftvoucher', 'Membership', 'Prepaid Card', 'Product', 'Service'],
  'InvoiceItemType',
)
export type InvoiceItemType = t.TypeOf<typeof InvoiceItemType>

/** Spec section 9: invoice payment status. */
export const PaymentStatus = literals(['Unpaid', 'Part paid', 'Paid', 'Void', 'Refund'], 'PaymentStatus')
export type PaymentStatus = t.TypeOf<typeof PaymentStatus>

/** Spec section 9: payment types. */
export const PaymentType = literals(
  ['Account', 'Card', 'Giftvoucher', 'Card Terminal', 'Bank transfer', 'Online', 'FOC', 'Custom', 'Cash'],
  'PaymentType',
)
export type PaymentType = t.TypeOf<typeof PaymentType>

/** Spec section 9: gift voucher status. */
export const GiftVoucherStatus = literals(['Used', 'Available', 'Expired', 'Unpaid', 'Refunded'], 'GiftVoucherStatus')
export type GiftVoucherStatus = t.TypeOf<typeof GiftVoucherStatus>

/** Receiver of a gift voucher bought for someone else (message optional, multiline). */
export const GiftVoucherReceiver = entity('GiftVoucherReceiver', { name: t.string, email: t.string }, { message: t.string })
export type GiftVoucherReceiver = t.TypeOf<typeof GiftVoucherReceiver>

/** A voucher issued by a paid Giftvoucher invoice item. */
export const GiftVoucher = entity('GiftVoucher', { id: ObjectId, code: t.string, value: Money, status: GiftVoucherStatus }, {
  receiver: GiftVoucherReceiver,
  expiresAt: IsoDateTime,
})
export type GiftVoucher = t.TypeOf<typeof GiftVoucher>

export const InvoiceItem = entity('InvoiceItem', {
  type: InvoiceItemType,
  name: t.string,
  quantity: Int,
  grossPrice: Money,
  netPrice: Money,
  finalPrice: Money,
}, {
  id: ObjectId,
  /** clinic id */
  location: ObjectId,
  discount: Money,
  /** tax id */
  tax: ObjectId,
  taxValue: Money,
  listPrice: Money,
  /** id of the sold thing: course, service, appointment or gift voucher */
  referenceId: ObjectId,
  onlineSale: t.boolean,
  giftVoucherReceiver: GiftVoucherReceiver,
  refundedAmount: Money,
  /** vouchers issued once the item is paid */
  giftVouchers: t.array(GiftVoucher),
})
export type InvoiceItem = t.TypeOf<typeof InvoiceItem>

export const Invoice = entity('Invoice', {
  id: ObjectId,
  code: t.string,
  /** customer id */
  customer: ObjectId,
  /** clinic id */
  clinic: ObjectId,
  items: t.array(InvoiceItem),
  amount: Money,
  isDraft: t.boolean,
  paymentStatus: PaymentStatus,
  origin: InvoiceOrigin,
}, {
  discount: Money,
  /** 'Online Course Purchase', 'Invoice for Booking Deposit' */
  description: t.string,
  appointmentId: ObjectId,
  createdAt: IsoDateTime,
})
export type Invoice = t.TypeOf<typeof Invoice>
