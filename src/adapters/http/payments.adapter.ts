import { injectable } from 'inversify'
import { inject } from '../../application/inject'
import type { HttpTransport } from './transport'
import { PORTS } from '../../application/tokens'
import type { PaymentsApi } from '../../application/ports/payments.port'
import {
  checkPayment,
  createInvoice,
  getInvoice,
  hasPaymentIntent,
  payInvoice,
  type CreateInvoiceBody,
  type PayInvoiceBody,
} from '../../contract/invoices.routes'
import { purchaseGiftVouchers, type GiftVoucherPurchaseBody } from '../../contract/gift-vouchers.routes'
import { callRoute } from './api-client'

@injectable()
export class HttpPaymentsApi implements PaymentsApi {
  constructor(@inject(PORTS.HttpClient) private readonly http: HttpTransport) {}
  createInvoice(body: CreateInvoiceBody) {
    // A purchase's key: the server makes one invoice whatever the tries, safe to send again when busy.
    return callRoute(this.http, createInvoice, { body, ...(body.idempotencyKey ? { idempotent: true } : {}) })
  }
  pay(invoiceId: string, body: PayInvoiceBody) {
    // With its idempotency key the server starts one payment whatever the tries: safe to send again when busy.
    return callRoute(this.http, payInvoice, { params: { id: invoiceId }, body, ...(body.idempotencyKey ? { idempotent: true } : {}) })
  }
  invoice(invoiceId: string) {
    return callRoute(this.http, getInvoice, { params: { id: invoiceId } })
  }
  hasPaymentIntent(invoiceId: string) {
    return callRoute(this.http, hasPaymentIntent, { params: { id: invoiceId } })
  }
  checkPayment(transactionId: string) {
    return callRoute(this.http, checkPayment, { params: { transactionId } })
  }
  purchaseGiftVouchers(body: GiftVoucherPurchaseBody) {
    return callRoute(this.http, purchaseGiftVouchers, { body, ...(body.idempotencyKey ? { idempotent: true } : {}) })
  }
}
