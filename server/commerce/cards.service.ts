/**
 * Stored cards (/square/... paths of the spec, whatever the processor) and card setup intents.
 * The processor keeps the cards; which one is the default is ours (commerce_default_cards), and so is
 * the customer's 'default' choice for a card still being set up (commerce_card_setups).
 */
import * as E from 'fp-ts/Either'
import type { Seller, SetupIntent, StoredCard } from '../../src/contract'
import type { StoredCard as ProcessorCard, SetupIntent as ProcessorSetupIntent } from './card-processor.port'
import { notAllowed, invalid, notFound, type ServiceError } from '../service-error'
import type { CommerceDeps } from './commerce.deps'
import type { DbOrTrx } from '../db/schema'
import { businessMetrics } from '../observability/metrics'
import { organisationTerms } from '../organisation/organisation.repository'

async function defaultCardId(db: DbOrTrx, tenant: string, customerId: string): Promise<string | undefined> {
  const row = await db.selectFrom('commerce_default_cards').select('card_id').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).executeTakeFirst()
  return row?.card_id
}

async function setDefault(db: DbOrTrx, tenant: string, customerId: string, cardId: string | null): Promise<void> {
  if (cardId === null) {
    await db.deleteFrom('commerce_default_cards').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
    return
  }
  await db
    .insertInto('commerce_default_cards')
    .values({ tenant_id: tenant, customer_id: customerId, card_id: cardId })
    .onConflict((oc) => oc.columns(['tenant_id', 'customer_id']).doUpdateSet({ card_id: cardId }))
    .execute()
}

/**
 * The default once a card was added: the new card when the customer asked for it or when it is their
 * only card. Otherwise the default stays; one that was only implied (no row: the first card listed) is
 * written down, because a processor may list the new card first (Stripe lists the newest first).
 * Answers whether the new card is the default.
 */
async function settleDefaultOfNewCard(db: DbOrTrx, tenant: string, customerId: string, cardId: string, wanted: boolean, others: readonly ProcessorCard[]): Promise<boolean> {
  if (wanted || others.length === 0) {
    await setDefault(db, tenant, customerId, cardId)
    return true
  }
  const current = await defaultCardId(db, tenant, customerId)
  if (!others.some((c) => c.id === current)) await setDefault(db, tenant, customerId, others[0].id)
  return false
}

const withDefault = (cards: ProcessorCard[], defaultId: string | undefined): StoredCard[] =>
  cards.map((c) => ({ ...c, isDefaultCard: c.id === defaultId }))

/** The customer's cards; the default card flagged (the only card is the default). */
export async function listCards(deps: CommerceDeps, tenant: string, requesterId: string, customerId: string): Promise<E.Either<ServiceError, StoredCard[]>> {
  if (requesterId !== customerId) return E.left(notAllowed())
  const cards = await deps.processor.listCards({ tenant }, customerId)
  let def = await defaultCardId(deps.db, tenant, customerId)
  if (!cards.some((c) => c.id === def)) def = cards[0]?.id
  return E.right(withDefault(cards, def))
}

export async function addCard(
  deps: CommerceDeps,
  tenant: string,
  requesterId: string,
  body: { cardNonce: string; customerId: string; isDefaultCard?: boolean },
): Promise<E.Either<ServiceError, StoredCard>> {
  if (requesterId !== body.customerId) return E.left(notAllowed())
  const before = await deps.processor.listCards({ tenant }, body.customerId)
  const saved = await deps.processor.saveCard({ tenant }, body.customerId, body.cardNonce)()
  if (E.isLeft(saved)) {
    if (saved.left._tag === 'CardDeclined') businessMetrics.cardDeclined(deps.processor.name, saved.left.reason, saved.left.code)
    return E.left(invalid(saved.left.message))
  }
  const others = before.filter((c) => c.id !== saved.right.id)
  const isDefault = await settleDefaultOfNewCard(deps.db, tenant, body.customerId, saved.right.id, body.isDefaultCard === true, others)
  return E.right({ ...saved.right, isDefaultCard: isDefault })
}

export async function deleteCards(
  deps: CommerceDeps,
  tenant: string,
  requesterId: string,
  customerId: string,
  cards: readonly { id: string }[],
): Promise<E.Either<ServiceError, StoredCard[]>> {
  if (requesterId !== customerId) return E.left(notAllowed())
  const existing = await deps.processor.listCards({ tenant }, customerId)
  const unknown = cards.find((c) => !existing.some((e) => e.id === c.id))
  if (unknown) return E.left(notFound('Card not found.'))
  for (const card of cards) await deps.processor.deleteCard({ tenant }, customerId, card.id)
  const def = await defaultCardId(deps.db, tenant, customerId)
  if (def && cards.some((c) => c.id === def)) await setDefault(deps.db, tenant, customerId, null)
  return listCards(deps, tenant, requesterId, customerId)
}

export async function chooseDefaultCard(deps: CommerceDeps, tenant: string, requesterId: string, customerId: string, cardId: string): Promise<E.Either<ServiceError, StoredCard[]>> {
  if (requesterId !== customerId) return E.left(notAllowed())
  const cards = await deps.processor.listCards({ tenant }, customerId)
  if (!cards.some((c) => c.id === cardId)) return E.left(notFound('Card not found.'))
  await setDefault(deps.db, tenant, customerId, cardId)
  return E.right(withDefault(cards, cardId))
}

export async function connection(deps: CommerceDeps, tenant: string) {
  return { isConnected: await deps.processor.isConnected({ tenant }), provider: deps.processor.name }
}

export async function seller(deps: CommerceDeps, tenant: string, location: string | undefined): Promise<Seller> {
  const [s, organisation] = await Promise.all([deps.processor.seller({ tenant }, location), organisationTerms(deps.db, tenant)])
  return { applicationId: s.applicationId, locationId: s.locationId, provider: deps.processor.name, tokenizerUrl: s.tokenizerUrl, currency: organisation.currency }
}

const CARD_ON_FILE = 'card-on-file'
const ADD_CARD_PATH = '/square/add-customer-card'

/** The sandbox's hosted setup page; Stripe's card setup happens in the Payment Element with the client secret. */
function setupUrlOf(deps: CommerceDeps, clientSecret: string): { setupUrl?: string } {
  if (deps.processor.name !== 'sandbox') return {}
  return { setupUrl: `/sandbox/setup/${encodeURIComponent(clientSecret)}?returnUrl=${encodeURIComponent('/app')}` }
}

const setupIdOf = (clientSecret: string) => clientSecret.replace(/_secret.*$/, '')

/** A setup not finished within this long is abandoned: its choice is dropped (a late success then sets no default). */
export const CARD_SETUP_KEPT_MS = 30 * 86_400_000

/**
 * Starts a card setup. `isDefaultCard`: the customer ticked 'default' for the card; the client asks
 * for the setup when the customer confirms the card, so the choice is known here. It is kept with
 * the intent and applied when the setup succeeds (applySetupChoice), however the success is heard of.
 */
export async function createSetupIntent(
  deps: CommerceDeps,
  tenant: string,
  requesterId: string,
  customerId: string,
  isDefaultCard?: boolean,
): Promise<E.Either<ServiceError, SetupIntent>> {
  if (requesterId !== customerId) return E.left(notAllowed())
  const intent = await deps.processor.createSetupIntent({ tenant }, customerId)
  if (!intent) {
    // No setup intents at this processor (Square): the client tokenises the card with the processor's
    // SDK and posts the nonce to the cards-on-file call, with the choice; there is nothing to retrieve later.
    return E.right({ id: CARD_ON_FILE, clientSecret: CARD_ON_FILE, status: 'requires_payment_method', customerId, addCardPath: ADD_CARD_PATH })
  }
  const id = setupIdOf(intent.clientSecret)
  const makeDefault = isDefaultCard === true
  await deps.db
    .insertInto('commerce_card_setups')
    .values({ tenant_id: tenant, processor: deps.processor.name, setup_intent_id: id, customer_id: customerId, make_default: makeDefault, created_at: deps.clock() })
    .execute()
  // Old choices go on the way (applied or abandoned): the table holds the last month's setups only.
  await deps.db.deleteFrom('commerce_card_setups').where('created_at', '<', new Date(deps.clock().getTime() - CARD_SETUP_KEPT_MS)).execute()
  return E.right({ id, clientSecret: intent.clientSecret, status: intent.status, customerId, isDefaultCard: makeDefault, ...setupUrlOf(deps, intent.clientSecret) })
}

/**
 * A succeeded setup's card becomes the default if the customer asked for it when confirming (or it is
 * their only card), once: the result dialog, the processor's webhook and a reload may all see the
 * success, and a default the customer changed afterwards must stay. Answers the choice recorded for
 * the setup (undefined: none, as for a setup made before choices were kept).
 */
async function applySetupChoice(deps: CommerceDeps, tenant: string, intent: ProcessorSetupIntent): Promise<boolean | undefined> {
  const choice = await deps.db
    .selectFrom('commerce_card_setups')
    .select(['make_default', 'applied_at'])
    .where('tenant_id', '=', tenant)
    .where('processor', '=', deps.processor.name)
    .where('setup_intent_id', '=', setupIdOf(intent.clientSecret))
    .where('customer_id', '=', intent.customerId)
    .executeTakeFirst()
  if (!choice || choice.applied_at !== null || intent.status !== 'succeeded' || !intent.cardId) return choice?.make_default
  const cardId = intent.cardId
  const cards = await deps.processor.listCards({ tenant }, intent.customerId)
  // Deleted already (or not listed yet): nothing to make the default of; a later read tries again.
  if (!cards.some((c) => c.id === cardId)) return choice.make_default
  const others = cards.filter((c) => c.id !== cardId)
  await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('commerce_card_setups')
      .set({ applied_at: deps.clock() })
      .where('tenant_id', '=', tenant)
      .where('processor', '=', deps.processor.name)
      .where('setup_intent_id', '=', setupIdOf(intent.clientSecret))
      .where('customer_id', '=', intent.customerId)
      .where('applied_at', 'is', null)
      .returning('make_default')
      .executeTakeFirst()
    if (claimed) await settleDefaultOfNewCard(trx, tenant, intent.customerId, cardId, claimed.make_default, others)
  })
  return choice.make_default
}

/** Retrieve by client secret (the secret is the capability: no login needed, as with the processors). */
export async function getSetupIntent(deps: CommerceDeps, tenant: string, clientSecret: string): Promise<E.Either<ServiceError, SetupIntent>> {
  const intent = await deps.processor.retrieveSetupIntent({ tenant }, clientSecret)
  if (!intent) return E.left(notFound('Card setup not found.'))
  const choice = await applySetupChoice(deps, tenant, intent)
  const cards = intent.cardId ? await deps.processor.listCards({ tenant }, intent.customerId) : []
  const card = cards.find((c) => c.id === intent.cardId)
  const def = await defaultCardId(deps.db, tenant, intent.customerId)
  return E.right({
    id: setupIdOf(intent.clientSecret),
    clientSecret: intent.clientSecret,
    status: intent.status,
    customerId: intent.customerId,
    ...(choice !== undefined ? { isDefaultCard: choice } : {}),
    ...(card ? { card: { ...card, isDefaultCard: card.id === def } } : {}),
    ...(intent.status === 'requires_payment_method' ? setupUrlOf(deps, intent.clientSecret) : {}),
  })
}

/**
 * The processor says a setup succeeded with no browser involved (Stripe's setup_intent.succeeded, the
 * sandbox's setup page): the customer's choice is applied as the result dialog would.
 * Unknown: not a setup of this tenant at the processor in use.
 */
export async function settleCardSetup(deps: CommerceDeps, tenant: string, clientSecret: string): Promise<'Unknown' | 'CardSetup'> {
  const intent = await deps.processor.retrieveSetupIntent({ tenant }, clientSecret)
  if (!intent) return 'Unknown'
  await applySetupChoice(deps, tenant, intent)
  return 'CardSetup'
}
