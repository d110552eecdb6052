/**
 * The embedded sandbox card processor: a CardProcessor whose records live in the same database
 * (sandbox_* tables), so it works unchanged across several server instances. The customer enters a
 * card on the hosted page (sandbox.routes.ts); `submitCard` is what that page calls.
 */
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { randomBytes } from 'node:crypto'
import {
  cardDeclined,
  type CardProcessor,
  type CreatePaymentInput,
  type ProcessorFailure,
  type ProcessorPayment,
  type ProcessorPaymentStatus,
  type ProcessorScope,
  type SetupIntent,
  type SetupIntentStatus,
  type StoredCard,
} from '../commerce/card-processor.port'
import { money, type CommerceDb, type CommerceTables } from '../commerce/commerce.tables'
import { checkCard, PROCESSING_SECONDS, type CardInput } from './test-cards'
import type { Selectable } from 'kysely'
import { businessMetrics } from '../observability/metrics'

export const SANDBOX_BASE_PATH = '/sandbox'

const token = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`

type PaymentRow = Selectable<CommerceTables['sandbox_payments']>

function toPayment(row: PaymentRow): ProcessorPayment {
  return {
    transactionId: row.transaction_id,
    status: row.status as ProcessorPaymentStatus,
    amount: money(row.amount),
    currency: row.currency,
    reference: row.reference,
    ...(row.failure_message ? { failureMessage: row.failure_message } : {}),
  }
}

const unknownTransaction: ProcessorFailure = { _tag: 'UnknownTransaction', message: 'Payment not found.' }
const invalidState = (message: string): ProcessorFailure => ({ _tag: 'InvalidState', message })

export interface SandboxOptions {
  db: CommerceDb
  clock?: () => Date
}

export class SandboxProcessor implements CardProcessor {
  readonly name = 'sandbox'
  private readonly db: CommerceDb
  private readonly clock: () => Date

  constructor(options: SandboxOptions) {
    this.db = options.db
    this.clock = options.clock ?? (() => new Date())
  }

  async isConnected(): Promise<boolean> {
    return true
  }

  async seller(scope: ProcessorScope, locationId?: string) {
    return { applicationId: `sandbox-${scope.tenant}`, locationId: locationId ?? 'sandbox-location', tokenizerUrl: `${SANDBOX_BASE_PATH}/tokenize` }
  }

  paymentPageUrl(transactionId: string): string {
    return `${SANDBOX_BASE_PATH}/pay/${transactionId}`
  }

  createPayment(scope: ProcessorScope, input: CreatePaymentInput) {
    return TE.tryCatch(async () => {
      await this.db
        .insertInto('sandbox_payments')
        .values({
          transaction_id: token('txn'),
          tenant_id: scope.tenant,
          idempotency_key: input.idempotencyKey,
          amount: input.amount,
          currency: input.currency,
          reference: input.reference,
          description: input.description ?? null,
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing())
        .execute()
      const row = await this.db
        .selectFrom('sandbox_payments')
        .selectAll()
        .where('tenant_id', '=', scope.tenant)
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow()
      return { transactionId: row.transaction_id, paymentUrl: this.paymentPageUrl(row.transaction_id) }
    }, (): ProcessorFailure => ({ _tag: 'NotConnected', message: 'There was an issue connecting to our Credit card handler.' }))
  }

  private async find(transactionId: string, tenant?: string): Promise<PaymentRow | undefined> {
    let query = this.db.selectFrom('sandbox_payments').selectAll().where('transaction_id', '=', transactionId)
    if (tenant) query = query.where('tenant_id', '=', tenant)
    return query.executeTakeFirst()
  }

  status(scope: ProcessorScope, transactionId: string): TE.TaskEither<ProcessorFailure, ProcessorPayment> {
    return async () => {
      const row = await this.find(transactionId, scope.tenant)
      return row ? E.right(toPayment(row)) : E.left(unknownTransaction)
    }
  }

  /** Moves a payment from one of `from` to `to`; a payment already in `to` is answered as is (idempotent). */
  private transition(scope: ProcessorScope, transactionId: string, from: ProcessorPaymentStatus[], to: ProcessorPaymentStatus, charge = 0) {
    return async (): Promise<E.Either<ProcessorFailure, ProcessorPayment>> => {
      const updated = await this.db
        .updateTable('sandbox_payments')
        .set((eb) => ({ status: to, updated_at: this.clock(), charges: eb('charges', '+', charge) }))
        .where('transaction_id', '=', transactionId)
        .where('tenant_id', '=', scope.tenant)
        .where('status', 'in', from)
        .returningAll()
        .executeTakeFirst()
      if (updated) return E.right(toPayment(updated))
      const row = await this.find(transactionId, scope.tenant)
      if (!row) return E.left(unknownTransaction)
      if (row.status === to) return E.right(toPayment(row))
      return E.left(invalidState(`Payment is ${row.status}; it cannot become ${to}.`))
    }
  }

  capture(scope: ProcessorScope, transactionId: string) {
    return this.transition(scope, transactionId, ['authorized'], 'captured', 1)
  }

  void(scope: ProcessorScope, transactionId: string) {
    return this.transition(scope, transactionId, ['open', 'authorized'], 'voided')
  }

  refund(scope: ProcessorScope, transactionId: string) {
    return this.transition(scope, transactionId, ['captured'], 'refunded')
  }

  /**
   * The hosted page's submit: checks the card and authorizes the payment. A payment that is already
   * authorized or captured answers as is: submitting twice never charges twice.
   */
  async submitCard(transactionId: string, card: CardInput): Promise<E.Either<ProcessorFailure, ProcessorPayment & { tenant: string }>> {
    const row = await this.find(transactionId)
    if (!row) return E.left(unknownTransaction)
    const withTenant = (p: ProcessorPayment) => ({ ...p, tenant: row.tenant_id })
    if (row.status === 'authorized' || row.status === 'captured') return E.right(withTenant(toPayment(row)))
    if (row.status !== 'open') return E.left(invalidState(`Payment is ${row.status}.`))
    const check = checkCard(card, this.clock())
    const failure = !check.ok ? cardDeclined(check.reason) : check.behaviour.outcome === 'decline' ? cardDeclined(check.behaviour.reason) : undefined
    if (failure && failure._tag === 'CardDeclined') {
      await this.db
        .updateTable('sandbox_payments')
        .set({ failure_message: failure.message, updated_at: this.clock() })
        .where('transaction_id', '=', transactionId)
        .where('status', '=', 'open')
        .execute()
      businessMetrics.payment('declined')
      businessMetrics.cardDeclined('sandbox', failure.reason, failure.reason)
      return E.left(failure)
    }
    if (!check.ok) return E.left(cardDeclined('other'))
    const authorized = await this.db
      .updateTable('sandbox_payments')
      .set({ status: 'authorized', failure_message: null, card_brand: check.brand, card_last4: check.number.slice(-4), updated_at: this.clock() })
      .where('transaction_id', '=', transactionId)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst()
    const final = authorized ?? (await this.find(transactionId))!
    return E.right(withTenant(toPayment(final)))
  }

  chargeStoredCard(scope: ProcessorScope, transactionId: string, customerId: string, cardId: string): TE.TaskEither<ProcessorFailure, ProcessorPayment> {
    return async () => {
      const card = await this.db
        .selectFrom('sandbox_cards')
        .selectAll()
        .where('tenant_id', '=', scope.tenant)
        .where('customer_id', '=', customerId)
        .where('id', '=', cardId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
      if (!card) return E.left({ _tag: 'UnknownTransaction', message: 'Card not found.' })
      const now = this.clock()
      if (Date.UTC(card.exp_year, card.exp_month, 1) <= now.getTime()) return E.left(cardDeclined('expiry'))
      const row = await this.find(transactionId, scope.tenant)
      if (!row) return E.left(unknownTransaction)
      if (row.status === 'authorized' || row.status === 'captured') return E.right(toPayment(row))
      const authorized = await this.db
        .updateTable('sandbox_payments')
        .set({ status: 'authorized', failure_message: null, card_brand: card.brand, card_last4: card.last4, updated_at: now })
        .where('transaction_id', '=', transactionId)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst()
      if (authorized) return E.right(toPayment(authorized))
      // A concurrent retry authorized it first: answer that (charging twice is impossible anyway).
      const latest = await this.find(transactionId, scope.tenant)
      if (latest && (latest.status === 'authorized' || latest.status === 'captured')) return E.right(toPayment(latest))
      return E.left(invalidState(`Payment is ${latest?.status ?? row.status}.`))
    }
  }

  /** The tokenizer: a checked card becomes a single-use nonce (or the spec's card error). */
  async tokenize(scope: ProcessorScope, card: CardInput): Promise<E.Either<ProcessorFailure, { nonce: string; brand: string; last4: string }>> {
    const check = checkCard(card, this.clock())
    if (!check.ok) return E.left(cardDeclined(check.reason))
    if (check.behaviour.outcome === 'decline') return E.left(cardDeclined(check.behaviour.reason))
    const nonce = token('cnon')
    await this.db
      .insertInto('sandbox_nonces')
      .values({
        nonce,
        tenant_id: scope.tenant,
        brand: check.brand,
        last4: check.number.slice(-4),
        exp_month: check.expMonth,
        exp_year: check.expYear,
        outcome: check.behaviour.outcome,
      })
      .execute()
    return E.right({ nonce, brand: check.brand, last4: check.number.slice(-4) })
  }

  saveCard(scope: ProcessorScope, customerId: string, nonce: string): TE.TaskEither<ProcessorFailure, StoredCard> {
    return async () => {
      const used = await this.db
        .updateTable('sandbox_nonces')
        .set({ used_at: this.clock() })
        .where('nonce', '=', nonce)
        .where('tenant_id', '=', scope.tenant)
        .where('used_at', 'is', null)
        .returningAll()
        .executeTakeFirst()
      if (!used) return E.left(cardDeclined('card_number'))
      const card = await this.db
        .insertInto('sandbox_cards')
        .values({
          id: token('ccof'),
          tenant_id: scope.tenant,
          customer_id: customerId,
          brand: used.brand,
          last4: used.last4,
          exp_month: used.exp_month,
          exp_year: used.exp_year,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      return E.right(toStoredCard(card))
    }
  }

  async listCards(scope: ProcessorScope, customerId: string): Promise<StoredCard[]> {
    const rows = await this.db
      .selectFrom('sandbox_cards')
      .selectAll()
      .where('tenant_id', '=', scope.tenant)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
    return rows.map(toStoredCard)
  }

  async deleteCard(scope: ProcessorScope, customerId: string, cardId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sandbox_cards')
      .set({ deleted_at: this.clock() })
      .where('tenant_id', '=', scope.tenant)
      .where('customer_id', '=', customerId)
      .where('id', '=', cardId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  async createSetupIntent(scope: ProcessorScope, customerId: string): Promise<SetupIntent> {
    const clientSecret = token('seti') + '_secret'
    await this.db.insertInto('sandbox_setup_intents').values({ client_secret: clientSecret, tenant_id: scope.tenant, customer_id: customerId }).execute()
    return { clientSecret, status: 'requires_payment_method', customerId }
  }

  /** The setup page's submit: the card is stored for the intent's customer, or the intent stays failed. */
  async confirmSetupIntent(clientSecret: string, card: CardInput): Promise<E.Either<ProcessorFailure, SetupIntent>> {
    const intent = await this.db.selectFrom('sandbox_setup_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst()
    if (!intent) return E.left(unknownTransaction)
    const scope = { tenant: intent.tenant_id }
    if (intent.status !== 'requires_payment_method') return E.right((await this.retrieveSetupIntent(scope, clientSecret))!)
    // Claim the intent (processing, no end yet) so that parallel submits save one card, not one each.
    const claimed = await this.db
      .updateTable('sandbox_setup_intents')
      .set({ status: 'processing', processing_until: null })
      .where('client_secret', '=', clientSecret)
      .where('status', '=', 'requires_payment_method')
      .returning('client_secret')
      .executeTakeFirst()
    if (!claimed) return E.right((await this.retrieveSetupIntent(scope, clientSecret))!)
    const release = () =>
      this.db.updateTable('sandbox_setup_intents').set({ status: 'requires_payment_method' }).where('client_secret', '=', clientSecret).where('status', '=', 'processing').where('card_id', 'is', null).execute()
    const tokenized = await this.tokenize(scope, card)
    if (E.isLeft(tokenized)) {
      await release()
      return tokenized
    }
    const nonceRow = await this.db.selectFrom('sandbox_nonces').select('outcome').where('nonce', '=', tokenized.right.nonce).executeTakeFirstOrThrow()
    const saved = await this.saveCard(scope, intent.customer_id, tokenized.right.nonce)()
    if (E.isLeft(saved)) {
      await release()
      return saved
    }
    const processing = nonceRow.outcome === 'processing'
    // A processing card's seconds count from the first look at the intent (retrieveSetupIntent), not
    // from here: the customer returning to the app always sees 'processing' first, however long the
    // way back took (a slow phone took over 3 s and saw the card saved at once).
    await this.db
      .updateTable('sandbox_setup_intents')
      .set({ status: processing ? 'processing' : 'succeeded', card_id: saved.right.id, processing_until: null })
      .where('client_secret', '=', clientSecret)
      .execute()
    return E.right({ clientSecret, status: processing ? 'processing' : 'succeeded', customerId: intent.customer_id, cardId: saved.right.id })
  }

  async retrieveSetupIntent(scope: ProcessorScope, clientSecret: string): Promise<SetupIntent | undefined> {
    const row = await this.db
      .selectFrom('sandbox_setup_intents')
      .selectAll()
      .where('client_secret', '=', clientSecret)
      .where('tenant_id', '=', scope.tenant)
      .executeTakeFirst()
    if (!row) return undefined
    let status = row.status as SetupIntentStatus
    if (status === 'processing' && row.card_id && !row.processing_until) {
      // The first look since the card was saved: it succeeds PROCESSING_SECONDS from now.
      await this.db
        .updateTable('sandbox_setup_intents')
        .set({ processing_until: new Date(this.clock().getTime() + PROCESSING_SECONDS * 1000) })
        .where('client_secret', '=', clientSecret)
        .where('processing_until', 'is', null)
        .execute()
    } else if (status === 'processing' && row.processing_until && row.processing_until.getTime() <= this.clock().getTime()) {
      await this.db.updateTable('sandbox_setup_intents').set({ status: 'succeeded' }).where('client_secret', '=', clientSecret).execute()
      status = 'succeeded'
    }
    return { clientSecret: row.client_secret, status, customerId: row.customer_id, ...(row.card_id ? { cardId: row.card_id } : {}) }
  }

  /** How many times a payment was actually charged (captured): tests prove retries charge once. */
  async chargeCount(transactionId: string): Promise<number> {
    const row = await this.find(transactionId)
    return row?.charges ?? 0
  }
}

function toStoredCard(row: Selectable<CommerceTables['sandbox_cards']>): StoredCard {
  return { id: row.id, last_4: row.last4, card_brand: row.brand, exp_month: row.exp_month, exp_year: row.exp_year }
}
