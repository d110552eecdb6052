/**
 * Gift vouchers: issued Unpaid with their invoice, Available once paid (the receiver, or the buyer,
 * gets the code by email, the buyer a receipt: server/notifications), Expired after a year, Used when spent, Refunded.
 */
import * as E from 'fp-ts/Either'
import { randomBytes } from 'node:crypto'
import type { GiftVoucher } from '../../src/contract'
import { giftVoucherAmounts } from '../../src/domain/constants/vouchers'
import { currencyOrDefault } from '../../src/domain/pricing/money'
import { validateGiftVoucherReceiver } from '../../src/domain/validation/gift-voucher'
import { invalid, type ServiceError } from '../service-error'
import type { CommerceDeps } from './commerce.deps'
import type { NoticeVoucher } from '../notifications/notices.repository'
import { notifyVouchersBought } from '../notifications/notifications.service'
import { money, newId, type CommerceDb } from './commerce.tables'
import { customerSummary } from '../accounts/customers.repository'
import { organisationTerms } from '../organisation/organisation.repository'

export const VOUCHER_VALIDITY_MONTHS = 12

export interface NewVoucher {
  tenant: string
  amount: number
  buyerCustomerId: string
  receiver: { name: string; email: string; message: string } | null
  invoiceId: string
  itemId: string
}

/** The organisation's amounts, or 50, 100, 150, 200, 250, 500 when it sets none. */
export function allowedVoucherValues(values: readonly number[]): readonly number[] {
  return giftVoucherAmounts(values)
}

export function validateReceiver(receiver: { name: string; email: string; message?: string }): E.Either<ServiceError, void> {
  const result = validateGiftVoucherReceiver({ ...receiver, confirmEmail: receiver.email })
  if (E.isRight(result)) return E.right(undefined)
  const first = Object.values(result.left)[0] ?? 'Invalid receiver'
  return E.left(invalid(first))
}

/** 'GV-' plus 10 characters from an alphabet without look-alikes. */
export function voucherCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  const bytes = randomBytes(10)
  let code = ''
  for (const b of bytes) code += alphabet[b % alphabet.length]
  return `GV-${code.slice(0, 5)}-${code.slice(5)}`
}

export async function insertVouchers(db: CommerceDb, vouchers: readonly NewVoucher[]): Promise<void> {
  if (vouchers.length === 0) return
  await db
    .insertInto('commerce_gift_vouchers')
    .values(
      vouchers.map((v) => ({
        id: newId(),
        tenant_id: v.tenant,
        code: voucherCode(),
        amount: v.amount,
        balance: v.amount,
        buyer_customer_id: v.buyerCustomerId,
        for_self: v.receiver === null,
        receiver_name: v.receiver?.name ?? null,
        receiver_email: v.receiver?.email ?? null,
        message: v.receiver?.message ?? null,
        invoice_id: v.invoiceId,
        invoice_item_id: v.itemId,
      })),
    )
    .execute()
}

type VoucherRow = Awaited<ReturnType<typeof voucherRows>>[number]

function voucherRows(db: CommerceDb, invoiceId: string) {
  return db.selectFrom('commerce_gift_vouchers').selectAll().where('invoice_id', '=', invoiceId).orderBy('created_at').orderBy('id').execute()
}

/** Status as the customer sees it (spec section 9). */
export function voucherStatus(row: Pick<VoucherRow, 'status' | 'balance' | 'expires_at'>, now: Date): GiftVoucher['status'] {
  if (row.status === 'Unpaid' || row.status === 'Refunded') return row.status
  if (money(row.balance) <= 0) return 'Used'
  if (row.expires_at && row.expires_at <= now) return 'Expired'
  return 'Available'
}

export function voucherView(row: VoucherRow, now = new Date()): GiftVoucher {
  return {
    id: row.id,
    code: row.code,
    value: money(row.amount),
    status: voucherStatus(row, now),
    ...(row.receiver_name && row.receiver_email ? { receiver: { name: row.receiver_name, email: row.receiver_email, message: row.message ?? '' } } : {}),
    ...(row.expires_at ? { expiresAt: row.expires_at.toISOString() } : {}),
  }
}

export async function vouchersOfInvoice(db: CommerceDb, invoiceId: string): Promise<{ itemReference: string | null; view: GiftVoucher }[]> {
  const rows = await voucherRows(db, invoiceId)
  return rows.map((row) => ({ itemReference: row.invoice_item_id, view: voucherView(row) }))
}

/** After payment: vouchers become Available for a year and their codes are emailed. */
export async function activateVouchersOfInvoice(deps: CommerceDeps, trx: CommerceDb, tenant: string, invoiceId: string): Promise<void> {
  const now = deps.clock()
  const expires = new Date(now.getTime())
  expires.setUTCMonth(expires.getUTCMonth() + VOUCHER_VALIDITY_MONTHS)
  const rows = await trx
    .updateTable('commerce_gift_vouchers')
    .set({ status: 'Available', expires_at: expires })
    .where('invoice_id', '=', invoiceId)
    .where('status', '=', 'Unpaid')
    .returningAll()
    .execute()
  if (rows.length === 0) return
  const organisation = await organisationTerms(trx, tenant)
  const buyer = await customerSummary(trx, tenant, rows[0].buyer_customer_id)
  const from = buyer ? `${buyer.firstName} ${buyer.surname}`.trim() : ''
  const vouchers: NoticeVoucher[] = rows.map((row) => ({
    code: row.code,
    amount: money(row.amount),
    currency: currencyOrDefault(organisation.currency),
    expiresAt: expires.toISOString(),
    ...(from ? { from } : {}),
    ...(!row.for_self && row.receiver_email ? { receiver: { name: row.receiver_name ?? '', email: row.receiver_email, ...(row.message ? { message: row.message } : {}) } } : {}),
  }))
  await notifyVouchersBought(trx, tenant, { customerId: rows[0].buyer_customer_id, at: now, vouchers })
}
