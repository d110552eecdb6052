/**
 * The Square card processor (CARD_PROCESSOR=square) on the official `square` package.
 * A Square payment needs its card at creation (a nonce from the Web Payments SDK, or a card on
 * file), so `createPayment` opens our own record (commerce_square_payments) and the Square Payment is created
 * when the card arrives (`chargeStoredCard`, with a nonce or a card id), delayed capture
 * (autocomplete false): settlement completes it, or cancels it when the booking was lost.
 * Cards on file: Square Cards of a Square Customer (one per customer and tenant). Square has no
 * setup intents: cards are added with a nonce (POST /square/add-customer-card).
 * Amounts cross the boundary in minor units (minor-units.ts); every create carries an idempotency key.
 */
import * as E from 'fp-ts/Either'
import type * as TE from 'fp-ts/TaskEither'
import { createHash, randomBytes } from 'node:crypto'
import { SquareClient, SquareEnvironment, SquareError, type Square } from 'square'
import {
  cardDeclined,
  NOT_CONNECTED_MESSAGE,
  type CardErrorReason,
  type CardProcessor,
  type CreatePaymentInput,
  type ProcessorFailure,
  type ProcessorPayment,
  type ProcessorPaymentStatus,
  type ProcessorRefund,
  type ProcessorScope,
  type SetupIntent,
  type StoredCard,
} from '../commerce/card-processor.port'
import { fromMinorUnits, toMinorUnits } from '../commerce/minor-units'
import { PAYMENT_PATHS, type ProcessorConfig } from '../commerce/processor-config'
import { ensureExternalCustomer, externalCustomerId } from '../commerce/processor-customers.repository'
import type { ProcessorDb, ProcessorTables } from '../commerce/processors.tables'
import type { Selectable } from 'kysely'

export type SquareConfig = Extract<ProcessorConfig, { name: 'square' }>
type Row = Selectable<ProcessorTables['commerce_square_payments']>

/** Where the client completes a payment (processor-config.ts: also known before this adapter is loaded). */
export const SQUARE_PAYMENT_PATH = PAYMENT_PATHS.square

/** Square's payment error codes → the spec's reasons (anything else: 'Unhandled request.'). */
const REASONS: Record<string, CardErrorReason> = {
  INVALID_CARD: 'card_number',
  INVALID_CARD_DATA: 'card_number',
  CARD_NOT_SUPPORTED: 'card_number',
  INVALID_ACCOUNT: 'card_number',
  INVALID_EXPIRATION: 'expiry',
  INVALID_EXPIRATION_DATE: 'expiry',
  INVALID_EXPIRATION_YEAR: 'expiry',
  CARD_EXPIRED: 'expiry',
  CVV_FAILURE: 'cvv',
  VERIFY_CVV_FAILURE: 'cvv',
  ADDRESS_VERIFICATION_FAILURE: 'postal_code',
  VERIFY_AVS_FAILURE: 'postal_code',
  INVALID_POSTAL_CODE: 'postal_code',
}

export const squareCardReason = (code: string | undefined): CardErrorReason => (code && REASONS[code]) || 'other'

function failureOfSquare(error: unknown): ProcessorFailure {
  if (error instanceof SquareError) {
    const first = error.errors[0]
    if (first?.category === 'PAYMENT_METHOD_ERROR') return cardDeclined(squareCardReason(first.code), first.code)
    if (error.statusCode === 404) return { _tag: 'UnknownTransaction', message: 'Payment not found.' }
  }
  return { _tag: 'NotConnected', message: NOT_CONNECTED_MESSAGE }
}

const attempt =
  <T>(run: () => Promise<E.Either<ProcessorFailure, T>>): TE.TaskEither<ProcessorFailure, T> =>
  async () => {
    try {
      return await run()
    } catch (error) {
      return E.left(failureOfSquare(error))
    }
  }

function statusOf(payment: Square.Payment): ProcessorPaymentStatus {
  switch (payment.status) {
    case 'APPROVED':
      return 'authorized'
    case 'COMPLETED': {
      const refunded = payment.refundedMoney?.amount ?? 0n
      return refunded > 0n && refunded >= (payment.amountMoney?.amount ?? 0n) ? 'refunded' : 'captured'
    }
    case 'CANCELED':
      return 'voided'
    case 'FAILED':
      return 'failed'
    default:
      return 'open'
  }
}

function toStoredCard(card: Square.Card): StoredCard {
  return { id: card.id ?? '', last_4: card.last4 ?? '', card_brand: card.cardBrand ?? 'OTHER_BRAND', exp_month: Number(card.expMonth ?? 0), exp_year: Number(card.expYear ?? 0) }
}

/**
 * Square's idempotency keys are at most 45 characters: a digest of what the request is for keeps
 * them deterministic (a retry sends the same key) without cutting distinct requests to one prefix.
 */
export const squareKey = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 43)

const unknownTransaction: ProcessorFailure = { _tag: 'UnknownTransaction', message: 'Payment not found.' }

export interface SquareOptions {
  config: SquareConfig
  db: ProcessorDb
  clock?: () => Date
}

export class SquareProcessor implements CardProcessor {
  readonly name = 'square'
  readonly client: SquareClient
  private readonly config: SquareConfig
  private readonly db: ProcessorDb
  private readonly clock: () => Date

  constructor(options: SquareOptions) {
    this.config = options.config
    this.db = options.db
    this.clock = options.clock ?? (() => new Date())
    const environment = options.config.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox
    this.client = new SquareClient({ token: options.config.accessToken, maxRetries: 2, timeoutInSeconds: 20, ...(options.config.apiBase ? { baseUrl: options.config.apiBase } : { environment }) })
  }

  async isConnected(_scope?: ProcessorScope): Promise<boolean> {
    try {
      await this.client.locations.get({ locationId: this.config.locationId })
      return true
    } catch {
      return false
    }
  }

  async seller(_scope: ProcessorScope, _locationId?: string) {
    const sdk = this.config.environment === 'production' ? 'https://web.squarecdn.com/v1/square.js' : 'https://sandbox.web.squarecdn.com/v1/square.js'
    return { applicationId: this.config.applicationId, locationId: this.config.locationId, tokenizerUrl: sdk }
  }

  paymentPageUrl(transactionId: string): string {
    return `${SQUARE_PAYMENT_PATH}/${transactionId}`
  }

  private find(scope: ProcessorScope, transactionId: string): Promise<Row | undefined> {
    return this.db.selectFrom('commerce_square_payments').selectAll().where('transaction_id', '=', transactionId).where('tenant_id', '=', scope.tenant).executeTakeFirst()
  }

  private toPayment(row: Row, payment?: Square.Payment): ProcessorPayment {
    const status = payment ? statusOf(payment) : (row.status as ProcessorPaymentStatus)
    return {
      transactionId: row.transaction_id,
      status,
      amount: fromMinorUnits(row.amount_minor, row.currency),
      currency: row.currency,
      reference: row.reference,
      ...(row.failure_message && status === 'open' ? { failureMessage: row.failure_message } : {}),
    }
  }

  private async current(scope: ProcessorScope, transactionId: string): Promise<E.Either<ProcessorFailure, ProcessorPayment>> {
    const row = await this.find(scope, transactionId)
    if (!row) return E.left(unknownTransaction)
    if (!row.square_payment_id) return E.right(this.toPayment(row))
    const { payment } = await this.client.payments.get({ paymentId: row.square_payment_id })
    return E.right(this.toPayment(row, payment))
  }

  createPayment(scope: ProcessorScope, input: CreatePaymentInput) {
    return attempt(async () => {
      await this.db
        .insertInto('commerce_square_payments')
        .values({
          transaction_id: `sqp_${randomBytes(12).toString('hex')}`,
          tenant_id: scope.tenant,
          idempotency_key: input.idempotencyKey,
          amount_minor: toMinorUnits(input.amount, input.currency),
          currency: input.currency.toUpperCase(),
          reference: input.reference,
          updated_at: this.clock(),
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing())
        .execute()
      const row = await this.db.selectFrom('commerce_square_payments').selectAll().where('tenant_id', '=', scope.tenant).where('idempotency_key', '=', input.idempotencyKey).executeTakeFirstOrThrow()
      return E.right({ transactionId: row.transaction_id, paymentUrl: this.paymentPageUrl(row.transaction_id) })
    })
  }

  status(scope: ProcessorScope, transactionId: string) {
    return attempt(() => this.current(scope, transactionId))
  }

  capture(scope: ProcessorScope, transactionId: string) {
    return attempt(async () => {
      const now = await this.current(scope, transactionId)
      if (E.isLeft(now) || now.right.status === 'captured') return now
      if (now.right.status !== 'authorized') return E.left({ _tag: 'InvalidState', message: `Payment is ${now.right.status}; it cannot be captured.` })
      const row = (await this.find(scope, transactionId))!
      await this.client.payments.complete({ paymentId: row.square_payment_id! })
      return this.current(scope, transactionId)
    })
  }

  void(scope: ProcessorScope, transactionId: string) {
    return attempt(async () => {
      const row = await this.find(scope, transactionId)
      if (!row) return E.left(unknownTransaction)
      if (!row.square_payment_id) {
        // No card was ever given: nothing exists at Square to cancel.
        await this.db.updateTable('commerce_square_payments').set({ status: 'voided', updated_at: this.clock() }).where('transaction_id', '=', transactionId).where('square_payment_id', 'is', null).execute()
        return this.current(scope, transactionId)
      }
      const now = await this.current(scope, transactionId)
      if (E.isLeft(now) || now.right.status === 'voided') return now
      if (now.right.status !== 'authorized' && now.right.status !== 'open') return E.left({ _tag: 'InvalidState', message: `Payment is ${now.right.status}; it cannot be voided.` })
      await this.client.payments.cancel({ paymentId: row.square_payment_id })
      return this.current(scope, transactionId)
    })
  }

  refund(scope: ProcessorScope, transactionId: string) {
    return attempt(async () => {
      const now = await this.current(scope, transactionId)
      if (E.isLeft(now) || now.right.status === 'refunded') return now
      if (now.right.status !== 'captured') return E.left({ _tag: 'InvalidState', message: `Payment is ${now.right.status}; it cannot be refunded.` })
      const row = (await this.find(scope, transactionId))!
      await this.client.refunds.refundPayment({
        idempotencyKey: squareKey(scope.tenant, 'refund', transactionId),
        paymentId: row.square_payment_id!,
        amountMoney: { amount: BigInt(row.amount_minor), currency: row.currency as Square.Currency },
        reason: 'Booking no longer available',
      })
      return this.current(scope, transactionId)
    })
  }

  /** The payment's refunds (its refund_ids, each read): COMPLETED ones succeeded; REJECTED or FAILED did not. */
  refundsOf(scope: ProcessorScope, transactionId: string) {
    return attempt(async () => {
      const row = await this.find(scope, transactionId)
      if (!row) return E.left(unknownTransaction)
      if (!row.square_payment_id) return E.right([])
      const { payment } = await this.client.payments.get({ paymentId: row.square_payment_id })
      const refunds = await Promise.all((payment?.refundIds ?? []).map((refundId) => this.client.refunds.get({ refundId })))
      return E.right(
        refunds.flatMap(({ refund }): ProcessorRefund[] => {
          if (!refund?.id) return []
          const currency = refund.amountMoney?.currency ?? row.currency
          const status = refund.status === 'COMPLETED' ? 'succeeded' : refund.status === 'REJECTED' || refund.status === 'FAILED' ? 'failed' : 'pending'
          return [{ id: refund.id, amount: fromMinorUnits(Number(refund.amountMoney?.amount ?? 0n), currency), currency, status }]
        }),
      )
    })
  }

  /**
   * Creates the Square Payment with a card: `cardId` is a card on file of the customer (ccof:...)
   * or a single-use nonce from the Web Payments SDK (cnon:...). One Square Payment per transaction
   * (the idempotency key is the transaction), so a retried charge never charges twice.
   */
  chargeStoredCard(scope: ProcessorScope, transactionId: string, customerId: string, cardId: string) {
    return attempt(async () => {
      const row = await this.find(scope, transactionId)
      if (!row) return E.left(unknownTransaction)
      if (row.square_payment_id) {
        const now = await this.current(scope, transactionId)
        if (E.isLeft(now) || now.right.status === 'authorized' || now.right.status === 'captured') return now
      }
      if (row.status !== 'open') return E.left({ _tag: 'InvalidState', message: `Payment is ${row.status}.` })
      const isNonce = cardId.startsWith('cnon:')
      let squareCustomer: string | undefined
      if (!isNonce) {
        const card = await this.cardOf(scope, customerId, cardId)
        if (!card) return E.left({ _tag: 'UnknownTransaction', message: 'Card not found.' })
        squareCustomer = card.customerId ?? undefined
      }
      // A failed attempt (declined card) lets the customer try another card: a new key per card.
      const attemptKey = squareKey(scope.tenant, 'pay', transactionId, cardId)
      try {
        const { payment } = await this.client.payments.create({
          sourceId: cardId,
          idempotencyKey: attemptKey,
          amountMoney: { amount: BigInt(row.amount_minor), currency: row.currency as Square.Currency },
          autocomplete: false,
          locationId: this.config.locationId,
          referenceId: row.reference.slice(0, 40),
          ...(squareCustomer ? { customerId: squareCustomer } : {}),
          note: `${scope.tenant}:${transactionId}`,
        })
        await this.db
          .updateTable('commerce_square_payments')
          .set({ square_payment_id: payment?.id ?? null, failure_message: null, updated_at: this.clock() })
          .where('transaction_id', '=', transactionId)
          .execute()
      } catch (error) {
        const failure = failureOfSquare(error)
        if (failure._tag === 'CardDeclined') {
          await this.db.updateTable('commerce_square_payments').set({ failure_message: failure.message, updated_at: this.clock() }).where('transaction_id', '=', transactionId).execute()
        }
        return E.left(failure)
      }
      return this.current(scope, transactionId)
    })
  }

  private customerFor(scope: ProcessorScope, customerId: string): Promise<string> {
    return ensureExternalCustomer(this.db, scope.tenant, this.name, customerId, async () => {
      const { customer } = await this.client.customers.create({ idempotencyKey: squareKey(scope.tenant, 'customer', customerId), referenceId: customerId, note: `tenant ${scope.tenant}` })
      if (!customer?.id) throw new Error('Square created no customer.')
      return customer.id
    })
  }

  private async cardOf(scope: ProcessorScope, customerId: string, cardId: string): Promise<Square.Card | undefined> {
    const external = await externalCustomerId(this.db, scope.tenant, this.name, customerId)
    if (!external) return undefined
    try {
      const { card } = await this.client.cards.get({ cardId })
      return card && card.customerId === external && card.enabled !== false ? card : undefined
    } catch (error) {
      if (error instanceof SquareError && error.statusCode === 404) return undefined
      throw error
    }
  }

  saveCard(scope: ProcessorScope, customerId: string, nonce: string) {
    return attempt(async () => {
      const customer = await this.customerFor(scope, customerId)
      const { card } = await this.client.cards.create({ idempotencyKey: squareKey(scope.tenant, 'card', customer, nonce), sourceId: nonce, card: { customerId: customer } })
      if (!card) return E.left(cardDeclined('other'))
      return E.right(toStoredCard(card))
    })
  }

  async listCards(scope: ProcessorScope, customerId: string): Promise<StoredCard[]> {
    const external = await externalCustomerId(this.db, scope.tenant, this.name, customerId)
    if (!external) return []
    const cards: StoredCard[] = []
    for await (const card of await this.client.cards.list({ customerId: external })) if (card.enabled !== false) cards.push(toStoredCard(card))
    return cards
  }

  async deleteCard(scope: ProcessorScope, customerId: string, cardId: string): Promise<boolean> {
    const card = await this.cardOf(scope, customerId, cardId)
    if (!card) return false
    await this.client.cards.disable({ cardId })
    return true
  }

  /** Square has no setup intents: the Web Payments SDK's nonce goes to saveCard (POST /square/add-customer-card). */
  async createSetupIntent(): Promise<SetupIntent | undefined> {
    return undefined
  }

  async retrieveSetupIntent(): Promise<SetupIntent | undefined> {
    return undefined
  }
}
