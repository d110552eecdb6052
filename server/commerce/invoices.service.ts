/**
 * Draft invoices (POST /invoice/create, POST /gift-vouchers/purchase) and reading them. The amount is
 * always computed here: a booking deposit with the domain deposit rules from the held appointments, a
 * course from its sale price, a gift voucher from an allowed value. Nothing priced by the client is
 * trusted. A zero deposit needs no payment: the holds are confirmed at once.
 */
import * as E from 'fp-ts/Either'
import { sql } from 'kysely'
import type { CreateInvoiceBody, GiftVoucherPurchaseBody, Invoice, InvoiceItem } from '../../src/contract'
import { calculateDeposit, requiresDepositPayment } from '../../src/domain/pricing/deposit'
import { round2 } from '../../src/domain/pricing/money'
import { courseNetPrice } from '../../src/domain/pricing/tax'
import { conflict, notAllowed, invalid, MESSAGES, notFound, type ServiceError } from '../service-error'
import type { CommerceDeps } from './commerce.deps'
import { money, type CommerceDb } from './commerce.tables'
import { insertCustomerCourses, type NewCustomerCourse } from './courses.repository'
import * as repo from './invoices.repository'
import { confirmBooking } from './settlement'
import { insertVouchers, vouchersOfInvoice, allowedVoucherValues, validateReceiver, type NewVoucher } from './vouchers.service'
import { bookingAppointments, lockAppointments } from '../booking/appointments.repository'
import { catalogueCourse, clinicName } from '../catalogue/catalogue.repository'
import { customerSummary } from '../accounts/customers.repository'
import { organisationTerms } from '../organisation/organisation.repository'

export const DEPOSIT_DESCRIPTION = 'Invoice for Booking Deposit'
export const COURSE_DESCRIPTION = 'Online Course Purchase'
export const VOUCHER_DESCRIPTION = 'Online Gift Voucher Purchase'
export const MAX_LINES = 20

/** The clinic ids an invoice names must be this tenant's. */
async function unknownClinic(deps: CommerceDeps, tenant: string, ids: readonly (string | undefined)[]): Promise<boolean> {
  for (const id of new Set(ids.filter((i): i is string => !!i))) {
    if ((await clinicName(deps.db, tenant, id)) === undefined) return true
  }
  return false
}

export async function invoiceView(db: CommerceDb, invoice: repo.InvoiceRow): Promise<Invoice> {
  const [items, appointmentIds, vouchers] = await Promise.all([
    repo.invoiceItems(db, invoice.id),
    repo.invoiceAppointmentIds(db, invoice.id),
    vouchersOfInvoice(db, invoice.id),
  ])
  return {
    id: invoice.id,
    code: invoice.code,
    customer: invoice.customer_id,
    clinic: invoice.clinic_id ?? '',
    amount: money(invoice.amount),
    discount: money(invoice.discount),
    isDraft: invoice.is_draft,
    paymentStatus: invoice.payment_status as Invoice['paymentStatus'],
    origin: invoice.origin as Invoice['origin'],
    description: invoice.description,
    createdAt: invoice.created_at.toISOString(),
    ...(appointmentIds[0] ? { appointmentId: appointmentIds[0] } : {}),
    items: items.map((item): InvoiceItem => {
      const receiver = item.gift_voucher_receiver as InvoiceItem['giftVoucherReceiver'] | null
      const issued = vouchers.filter((v) => v.itemReference === item.id)
      return {
        id: item.id,
        type: item.type as InvoiceItem['type'],
        name: item.name,
        quantity: item.quantity,
        listPrice: money(item.list_price),
        grossPrice: money(item.gross_price),
        netPrice: money(item.net_price),
        finalPrice: money(item.final_price),
        discount: money(item.discount),
        taxValue: money(item.tax_value),
        refundedAmount: money(item.refunded_amount),
        onlineSale: item.online_sale,
        ...(item.reference_id ? { referenceId: item.reference_id } : {}),
        ...(item.location ? { location: item.location } : {}),
        ...(receiver ? { giftVoucherReceiver: receiver } : {}),
        ...(issued.length > 0 ? { giftVouchers: issued.map((v) => v.view) } : {}),
      }
    }),
  }
}

/** Reads an invoice of the customer (403 for another customer's). */
export async function getInvoice(deps: CommerceDeps, tenant: string, customerId: string, id: string): Promise<E.Either<ServiceError, Invoice>> {
  const invoice = await repo.findInvoice(deps.db, tenant, id)
  if (!invoice) return E.left(notFound(MESSAGES.invoiceNotFound))
  if (invoice.customer_id !== customerId) return E.left(notAllowed())
  return E.right(await invoiceView(deps.db, invoice))
}

export async function createInvoice(
  deps: CommerceDeps,
  tenant: string,
  customerId: string,
  body: CreateInvoiceBody,
): Promise<E.Either<ServiceError, Invoice>> {
  if (body.customer !== customerId) return E.left(notAllowed())
  if (body.appointmentId) {
    if (body.items?.some((i) => i.type === 'Course')) return E.left(invalid(MESSAGES.mixedItems))
    return createDepositInvoice(deps, tenant, customerId, body.clinic, body.appointmentId)
  }
  const items = body.items ?? []
  if (items.length === 0) return E.left(invalid(MESSAGES.noItems))
  if (items.length > MAX_LINES) return E.left(invalid(MESSAGES.tooManyLines))
  if (await unknownClinic(deps, tenant, [body.clinic, ...items.map((i) => i.location)])) return E.left(notFound(MESSAGES.clinicNotFound))
  if (items.every((i) => i.type === 'Course')) return createCourseInvoice(deps, tenant, customerId, body.clinic, items, body.idempotencyKey)
  if (items.every((i) => i.type === 'Giftvoucher')) {
    return purchaseGiftVouchers(deps, tenant, customerId, {
      customer: customerId,
      clinic: body.clinic,
      vouchers: items.map((i) => ({ value: i.value ?? 0, quantity: i.quantity, ...(i.giftVoucherReceiver ? { receiver: i.giftVoucherReceiver } : {}) })),
      ...(body.idempotencyKey ? { idempotencyKey: body.idempotencyKey } : {}),
    })
  }
  if (items.some((i) => i.type === 'Course')) return E.left(invalid(MESSAGES.mixedItems))
  return E.left(invalid('Only booking deposits, courses and gift vouchers can be bought online.'))
}

async function createDepositInvoice(
  deps: CommerceDeps,
  tenant: string,
  customerId: string,
  clinicId: string,
  appointmentId: string,
): Promise<E.Either<ServiceError, Invoice>> {
  const appointments = await bookingAppointments(deps.db, tenant, appointmentId)
  if (appointments.length === 0) return E.left(notFound(MESSAGES.appointmentNotFound))
  if (appointments.some((a) => a.customerId !== customerId)) return E.left(notAllowed())
  const existing = await repo.openInvoiceForAppointment(deps.db, tenant, appointmentId)
  if (existing) return E.right(await invoiceView(deps.db, existing))
  const now = deps.clock()
  const held = appointments.filter((a) => a.status === 'Pending')
  // Booked, cancelled or done: nothing to pay, and no hold that ran out either.
  if (held.length === 0 && !appointments.some((a) => a.status === 'Deleted')) return E.left(conflict(MESSAGES.notAwaitingPayment))
  if (held.length !== appointments.length || held.some((a) => a.holdExpiresAt && a.holdExpiresAt <= now)) {
    return E.left(conflict(MESSAGES.holdExpired))
  }
  // Sessions booked from a course carry no deposit.
  const charged = held.filter((a) => !a.courseId)
  const [organisation, customer] = await Promise.all([organisationTerms(deps.db, tenant), customerSummary(deps.db, tenant, customerId)])
  const deposit = calculateDeposit({
    settings: organisation.deposit,
    accountBalance: customer?.accountBalance ?? 0,
    items: charged.map((a) => ({
      serviceDefaultPrice: a.serviceDefaultPrice,
      practitionerGrossPrice: a.grossPrice,
      serviceDepositType: a.serviceDepositType,
      serviceDepositAmount: a.serviceDepositAmount,
    })),
  })
  const names = held.map((a) => a.serviceName).join(', ')
  const invoice = await deps.db.transaction().execute(async (trx) => {
    // Two creates racing for one hold: the second waits for the first's lock and answers its invoice.
    await lockAppointments(trx, tenant, held.map((a) => a.id))
    const raced = await repo.openInvoiceForAppointment(trx, tenant, appointmentId)
    if (raced) return raced
    const created = await repo.insertInvoice(trx, {
      tenant,
      customerId,
      clinicId: held[0].clinicId ?? clinicId,
      description: DEPOSIT_DESCRIPTION,
      origin: 'SALE',
      amount: deposit,
      currency: organisation.currency,
      appointmentIds: held.map((a) => a.id),
      items: [
        {
          type: 'Service',
          name: `Deposit: ${names}`,
          quantity: 1,
          listPrice: deposit,
          grossPrice: deposit,
          netPrice: deposit,
          finalPrice: deposit,
          referenceId: appointmentId,
          location: held[0].clinicId,
        },
      ],
    })
    if (!requiresDepositPayment(deposit)) {
      const confirmed = await confirmBooking(deps, trx, tenant, created.id, customerId)
      if (!confirmed) throw new HoldLost()
      await repo.setInvoiceStatus(trx, created.id, 'Paid', now)
      return (await repo.findInvoice(trx, tenant, created.id))!
    }
    return created
  }).catch((error: unknown) => {
    if (error instanceof HoldLost) return undefined
    throw error
  })
  if (!invoice) return E.left(conflict(MESSAGES.holdExpired))
  return E.right(await invoiceView(deps.db, invoice))
}

class HoldLost extends Error {}

/**
 * A course purchase's or gift voucher's one invoice (its key, as Stripe's idempotency keys): made by
 * `make` unless the customer's purchase of this key has one already. Open (unpaid), that one answers,
 * never a second; paid, or ended (void, refunded), it cannot be invoiced again: 409. Two requests at
 * once: the second waits for the first's lock on the key and answers its invoice (the unique index
 * commerce_invoices_purchase_key is the last word). No key: a new invoice, as before.
 */
async function invoiceOncePerPurchase(
  deps: CommerceDeps,
  tenant: string,
  customerId: string,
  purchaseKey: string | undefined,
  make: (trx: CommerceDb) => Promise<repo.InvoiceRow>,
): Promise<E.Either<ServiceError, Invoice>> {
  const invoice = await deps.db.transaction().execute(async (trx) => {
    if (purchaseKey === undefined) return make(trx)
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`purchase:${tenant}:${customerId}:${purchaseKey}`}, 0))`.execute(trx)
    return (await repo.invoiceOfPurchase(trx, tenant, customerId, purchaseKey)) ?? make(trx)
  })
  if (invoice.payment_status === 'Paid') return E.left(conflict(MESSAGES.invoicePaid))
  if (invoice.payment_status !== 'Unpaid') return E.left(conflict(MESSAGES.invoiceVoid))
  return E.right(await invoiceView(deps.db, invoice))
}

async function createCourseInvoice(
  deps: CommerceDeps,
  tenant: string,
  customerId: string,
  clinicId: string,
  items: NonNullable<CreateInvoiceBody['items']>,
  purchaseKey?: string,
): Promise<E.Either<ServiceError, Invoice>> {
  const organisation = await organisationTerms(deps.db, tenant)
  const lines: repo.NewInvoiceItem[] = []
  const courses: Omit<NewCustomerCourse, 'invoiceId'>[] = []
  for (const item of items) {
    if (!item.referenceId) return E.left(invalid('Course item needs a referenceId.'))
    if (item.quantity < 1 || item.quantity > 20) return E.left(invalid('Quantity must be between 1 and 20.'))
    const course = await catalogueCourse(deps.db, tenant, item.referenceId)
    if (!course) return E.left(notFound(MESSAGES.courseNotFound))
    const gross = round2(course.salePrice * item.quantity)
    const net = round2(courseNetPrice(course.salePrice, course.taxRate) * item.quantity)
    lines.push({
      type: 'Course',
      name: course.name,
      quantity: item.quantity,
      listPrice: course.salePrice,
      grossPrice: gross,
      netPrice: net,
      tax: course.taxRate,
      taxValue: round2(gross - net),
      finalPrice: gross,
      referenceId: course.id,
      location: item.location ?? clinicId,
    })
    const now = deps.clock()
    for (let n = 0; n < item.quantity; n++) {
      const firstService = course.services[0]
      courses.push({
        tenant,
        customerId,
        courseId: course.id,
        name: course.name,
        serviceId: firstService?.id ?? null,
        categoryId: course.categoryId,
        quantity: course.services.reduce((sum, s) => sum + s.quantity, 0) || 1,
        price: course.salePrice,
        tax: course.taxRate,
        purchaseLocation: item.location ?? clinicId,
        endsOn: course.validityMonths ? addMonths(now, course.validityMonths) : null,
      })
    }
  }
  const amount = round2(lines.reduce((sum, l) => sum + l.finalPrice, 0))
  return invoiceOncePerPurchase(deps, tenant, customerId, purchaseKey, async (trx) => {
    const created = await repo.insertInvoice(trx, {
      tenant,
      customerId,
      clinicId,
      description: COURSE_DESCRIPTION,
      origin: 'ONLINE_COURSE',
      amount,
      currency: organisation.currency,
      items: lines,
      ...(purchaseKey ? { purchaseKey } : {}),
    })
    await insertCustomerCourses(trx, courses.map((c) => ({ ...c, invoiceId: created.id })))
    return created
  })
}

function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime())
  d.setUTCMonth(d.getUTCMonth() + months)
  return d
}

/** POST /gift-vouchers/purchase (and /invoice/create with Giftvoucher items). */
export async function purchaseGiftVouchers(
  deps: CommerceDeps,
  tenant: string,
  customerId: string,
  body: GiftVoucherPurchaseBody,
): Promise<E.Either<ServiceError, Invoice>> {
  if (body.customer !== customerId) return E.left(notAllowed())
  if (body.vouchers.length === 0) return E.left(invalid(MESSAGES.noItems))
  if (body.vouchers.length > MAX_LINES) return E.left(invalid(MESSAGES.tooManyLines))
  if (await unknownClinic(deps, tenant, [body.clinic])) return E.left(notFound(MESSAGES.clinicNotFound))
  const organisation = await organisationTerms(deps.db, tenant)
  if (!organisation.sellGiftVoucherOnline) return E.left(conflict(MESSAGES.vouchersNotSold))
  const allowed = allowedVoucherValues(organisation.giftVoucherValues)
  const lines: repo.NewInvoiceItem[] = []
  const vouchers: Omit<NewVoucher, 'invoiceId' | 'itemId'>[][] = []
  for (const v of body.vouchers) {
    if (!allowed.includes(v.value)) return E.left(invalid(MESSAGES.voucherValue))
    const quantity = v.quantity ?? 1
    if (quantity < 1 || quantity > 10) return E.left(invalid('Quantity must be between 1 and 10.'))
    if (v.receiver) {
      const checked = validateReceiver(v.receiver)
      if (E.isLeft(checked)) return checked
    }
    const total = round2(v.value * quantity)
    lines.push({
      type: 'Giftvoucher',
      name: `Gift voucher ${organisation.currency === 'GBP' ? '£' : ''}${v.value}`,
      quantity,
      listPrice: v.value,
      grossPrice: total,
      netPrice: total,
      finalPrice: total,
      location: body.clinic,
      ...(v.receiver ? { giftVoucherReceiver: v.receiver } : {}),
    })
    vouchers.push(
      Array.from({ length: quantity }, () => ({
        tenant,
        amount: v.value,
        buyerCustomerId: customerId,
        receiver: v.receiver ? { name: v.receiver.name.trim(), email: v.receiver.email.trim().toLowerCase(), message: v.receiver.message ?? '' } : null,
      })),
    )
  }
  const amount = round2(lines.reduce((s, l) => s + l.finalPrice, 0))
  return invoiceOncePerPurchase(deps, tenant, customerId, body.idempotencyKey, async (trx) => {
    const created = await repo.insertInvoice(trx, {
      tenant,
      customerId,
      clinicId: body.clinic,
      description: VOUCHER_DESCRIPTION,
      origin: 'SALE',
      amount,
      currency: organisation.currency,
      items: lines,
      ...(body.idempotencyKey ? { purchaseKey: body.idempotencyKey } : {}),
    })
    const items = await repo.invoiceItems(trx, created.id)
    await insertVouchers(
      trx,
      vouchers.flatMap((group, i) => group.map((v) => ({ ...v, invoiceId: created.id, itemId: items[i].id }))),
    )
    return created
  })
}
