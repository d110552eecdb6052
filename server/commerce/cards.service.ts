/**
 * Stored cards (/square/... paths of the spec, whatever the processor) and card setup intents.
 * The processor keeps the cards; which one is the default is ours (commerce_default_cards).
 */
import * as E from 'fp-ts/Either'
import type { Seller, SetupIntent, StoredCard } from '../../src/contract'
import type { StoredCard as ProcessorCard } from './card-processor.port'
import { notAllowed, invalid, notFound, type ServiceError } from '../service-error'
import type { CommerceDeps } from './commerce.deps'
import { businessMetrics } from '../observability/metrics'
import { organisationTerms } from '../organisation/organisation.repository'

async function defaultCardId(deps: CommerceDeps, tenant: string, customerId: string): Promise<string | undefined> {
  const row = await deps.db.selectFrom('commerce_default_cards').select('card_id').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).executeTakeFirst()
  return row?.card_id
}

async function setDefault(deps: CommerceDeps, tenant: string, customerId: string, cardId: string | null): Promise<void> {
  if (cardId === null) {
    await deps.db.deleteFrom('commerce_default_cards').where('tenant_id', '=', tenant).where('customer_id', '=', customerId).execute()
    return
  }
  await deps.db
    .insertInto('commerce_default_cards')
    .values({ tenant_id: tenant, customer_id: customerId, card_id: cardId })
    .onConflict((oc) => oc.columns(['tenant_id', 'customer_id']).doUpdateSet({ card_id: cardId }))
    .execute()
}

const withDefault = (cards: ProcessorCard[], defaultId: string | undefined): StoredCard[] =>
  cards.map((c) => ({ ...c, isDefaultCard: c.id === defaultId }))

/** The customer's cards; the default card flagged (the only card is the default). */
export async function listCards(deps: CommerceDeps, tenant: string, requesterId: string, customerId: string): Promise<E.Either<ServiceError, StoredCard[]>> {
  if (requesterId !== customerId) return E.left(notAllowed())
  const cards = await deps.processor.listCards({ tenant }, customerId)
  let def = await defaultCardId(deps, tenant, customerId)
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
  const makeDefault = body.isDefaultCard === true || before.length === 0
  if (makeDefault) await setDefault(deps, tenant, body.customerId, saved.right.id)
  return E.right({ ...saved.right, isDefaultCard: makeDefault })
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
  const def = await defaultCardId(deps, tenant, customerId)
  if (def && cards.some((c) => c.id === def)) await setDefault(deps, tenant, customerId, null)
  return listCards(deps, tenant, requesterId, customerId)
}

export async function chooseDefaultCard(deps: CommerceDeps, tenant: string, requesterId: string, customerId: string, cardId: string): Promise<E.Either<ServiceError, StoredCard[]>> {
  if (requesterId !== customerId) return E.left(notAllowed())
  const cards = await deps.processor.listCards({ tenant }, customerId)
  if (!cards.some((c) => c.id === cardId)) return E.left(notFound('Card not found.'))
  await setDefault(deps, tenant, customerId, cardId)
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

export async function createSetupIntent(deps: CommerceDeps, tenant: string, requesterId: string, customerId: string): Promise<E.Either<ServiceError, SetupIntent>> {
  if (requesterId !== customerId) return E.left(notAllowed())
  const intent = await deps.processor.createSetupIntent({ tenant }, customerId)
  if (!intent) {
    // No setup intents at this processor (Square): the client tokenises the card with the processor's
    // SDK and posts the nonce to the cards-on-file call; there is nothing to retrieve later.
    return E.right({ id: CARD_ON_FILE, clientSecret: CARD_ON_FILE, status: 'requires_payment_method', customerId, addCardPath: ADD_CARD_PATH })
  }
  return E.right({ id: intent.clientSecret.replace(/_secret.*$/, ''), clientSecret: intent.clientSecret, status: intent.status, customerId, ...setupUrlOf(deps, intent.clientSecret) })
}

/** Retrieve by client secret (the secret is the capability: no login needed, as with the processors). */
export async function getSetupIntent(deps: CommerceDeps, tenant: string, clientSecret: string): Promise<E.Either<ServiceError, SetupIntent>> {
  const intent = await deps.processor.retrieveSetupIntent({ tenant }, clientSecret)
  if (!intent) return E.left(notFound('Card setup not found.'))
  const cards = intent.cardId ? await deps.processor.listCards({ tenant }, intent.customerId) : []
  const card = cards.find((c) => c.id === intent.cardId)
  const def = await defaultCardId(deps, tenant, intent.customerId)
  return E.right({
    id: intent.clientSecret.replace(/_secret.*$/, ''),
    clientSecret: intent.clientSecret,
    status: intent.status,
    customerId: intent.customerId,
    ...(card ? { card: { ...card, isDefaultCard: card.id === def } } : {}),
    ...(intent.status === 'requires_payment_method' ? setupUrlOf(deps, intent.clientSecret) : {}),
  })
}
