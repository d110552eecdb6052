import type { CreateInvoiceBody, PayInvoiceBody, PaymentCheck, PaymentIntentState, PaymentStarted } from '../../contract/invoices.routes'
import type { Invoice } from '../../contract/invoices.codecs'
import type { GiftVoucherPurchaseBody } from '../../contract/gift-vouchers.routes'
import type { ApiResult } from './api-result'

/** Invoices and card payments through the hosted payment page. */
export interface PaymentsApi {
  createInvoice(body: CreateInvoiceBody): ApiResult<Invoice>
  pay(invoiceId: string, body: PayInvoiceBody): ApiResult<PaymentStarted>
  invoice(invoiceId: string): ApiResult<Invoice>
  hasPaymentIntent(invoiceId: string): ApiResult<PaymentIntentState>
  checkPayment(transactionId: string): ApiResult<PaymentCheck>
  /** A draft invoice with one Giftvoucher item per voucher. */
  purchaseGiftVouchers(body: GiftVoucherPurchaseBody): ApiResult<Invoice>
}
