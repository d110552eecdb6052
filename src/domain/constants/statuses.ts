/**
 * Status lists (spec §9 "Invoice payment status ... Appointment status ... Order status ... Stock take
 * ... Lead status ... protected stages ... Receipt ... Active status code 10, deleted 100", "Voucher
 * status"; §4 account statuses).
 */

export const APPOINTMENT_STATUSES = ['No show', 'Deleted', 'Cancelled', 'Scheduled', 'Completed', 'Running late', 'Pending', 'Incomplete'] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]

export const INVOICE_PAYMENT_STATUSES = ['Unpaid', 'Part paid', 'Paid', 'Void', 'Refund'] as const
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number]

export const ORDER_STATUSES = ['Draft', 'Raised', 'Awaiting delivery', 'Part delivered', 'Completed'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const VOUCHER_STATUSES = ['Used', 'Available', 'Expired', 'Unpaid', 'Refunded'] as const
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number]

export const STOCK_TAKE_STATUSES = ['Count paused', 'Complete', 'Stock update'] as const
export type StockTakeStatus = (typeof STOCK_TAKE_STATUSES)[number]

export const LEAD_STATUSES = ['Open', 'Won', 'Lost'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]
export const PROTECTED_LEAD_STAGES = ['Closed - Won', 'Closed - Lost'] as const

export const RECEIPT_STATUSES = ['DECLINED', 'REFUND', 'RECEIVED'] as const
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number]

export const STATUS_CODES = { active: 10, deleted: 100 } as const
