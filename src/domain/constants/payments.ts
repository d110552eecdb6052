/**
 * Payment and invoice constants (spec §9 "Payment types ... fixed options Card, Giftvoucher, Account",
 * "Invoice origins ... Descriptions ... Invoice item types", "card currency GBP; default country GB").
 */

export const PAYMENT_TYPES = ['Account', 'Card', 'Giftvoucher', 'Card Terminal', 'Bank transfer', 'Online', 'FOC', 'Custom', 'Cash'] as const
export type PaymentType = (typeof PAYMENT_TYPES)[number]
export const FIXED_PAYMENT_OPTIONS = ['Card', 'Giftvoucher', 'Account'] as const

export const INVOICE_ORIGINS = ['SALE', 'REFUND', 'CANCELLATION', 'ONLINE_COURSE'] as const
export type InvoiceOrigin = (typeof INVOICE_ORIGINS)[number]

export const INVOICE_DESCRIPTIONS = {
  onlineCoursePurchase: 'Online Course Purchase',
  bookingDeposit: 'Invoice for Booking Deposit',
} as const

export const INVOICE_ITEM_TYPES = ['Account', 'Course', 'Giftvoucher', 'Membership', 'Prepaid Card', 'Product', 'Service'] as const
export type InvoiceItemType = (typeof INVOICE_ITEM_TYPES)[number]
/** Item types on the customer side. */
export const CUSTOMER_INVOICE_ITEM_TYPES = ['course', 'gift card', 'account'] as const

export const CARD_CURRENCY = 'GBP'
export const DEFAULT_COUNTRY_CODE = 'GB'
