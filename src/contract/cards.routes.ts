import * as t from 'io-ts'
import { route } from './route'
import { bodyOf, entity, errors, IdParams, literals, NonEmptyString, ObjectId, queryOf, StringFromQuery } from './codecs'
import { StoredCard } from './customers.codecs'

export { StoredCard }

/** GET /square/get-customer-cards/{id}: the customer's stored cards ({id} is the customer id). */
export const getCustomerCards = route({
  method: 'GET',
  path: '/square/get-customer-cards/{id}',
  access: 'customer',
  summary: "The customer's stored cards",
  description: 'The cards the signed-in customer keeps on file (brand, last four digits, expiry, default).',
  params: IdParams,
  responses: { 200: t.array(StoredCard), ...errors(400, 401, 403, 404) },
})

/** `cardNonce` comes from the card processor's tokenizer (the sandbox processor's hosted form). */
export const AddCardBody = bodyOf(
  { cardNonce: NonEmptyString, customerId: ObjectId },
  { isDefaultCard: t.boolean },
)
export type AddCardBody = t.TypeOf<typeof AddCardBody>

/** 400 carries the card error text ('Card number is not correct.', ...). */
export const addCustomerCard = route({
  method: 'POST',
  path: '/square/add-customer-card',
  access: 'customer',
  summary: 'Store a card',
  description: "Stores a card from the card processor's tokenizer for the signed-in customer.",
  body: AddCardBody,
  responses: { 200: StoredCard, ...errors(400, 401, 403, 404) },
})

/** DELETE /square/delete-customer-cards/{id} with {cards}: ids of cards to delete; answers the remaining cards. */
export const DeleteCardsBody = bodyOf({ cards: t.array(t.type({ id: NonEmptyString })) })
export type DeleteCardsBody = t.TypeOf<typeof DeleteCardsBody>

export const deleteCustomerCards = route({
  method: 'DELETE',
  path: '/square/delete-customer-cards/{id}',
  access: 'customer',
  summary: 'Delete stored cards',
  description: "Deletes the customer's cards named in the body; answers the cards left.",
  params: IdParams,
  body: DeleteCardsBody,
  responses: { 200: t.array(StoredCard), ...errors(400, 401, 403, 404) },
})

/** PUT /customers/default-card/{id}: {id} is the customer id; answers the cards with the new default. */
export const DefaultCardBody = bodyOf({ cardId: NonEmptyString })
export type DefaultCardBody = t.TypeOf<typeof DefaultCardBody>

export const setDefaultCard = route({
  method: 'PUT',
  path: '/customers/default-card/{id}',
  access: 'customer',
  summary: 'Choose the default card',
  description: "Makes one of the customer's stored cards the default.",
  params: IdParams,
  body: DefaultCardBody,
  responses: { 200: t.array(StoredCard), ...errors(400, 401, 403, 404) },
})

export const ProcessorConnection = entity('ProcessorConnection', { isConnected: t.boolean }, { provider: t.string })
export type ProcessorConnection = t.TypeOf<typeof ProcessorConnection>

/** When false the client shows 'There was an issue connecting to our Credit card handler.' */
export const isProcessorConnected = route({
  method: 'GET',
  path: '/square/is-connected',
  access: 'public',
  summary: 'Whether a card processor is connected',
  description: 'Whether the organisation has a card processor connected for online payments.',
  responses: { 200: ProcessorConnection, ...errors(404) },
})

/** Not shown in the spec. Designed: what the card form needs to tokenize a card for a location. */
export const Seller = entity('Seller', { applicationId: t.string, locationId: t.string }, {
  provider: t.string,
  /** URL of the processor's hosted card form / tokenizer script */
  tokenizerUrl: t.string,
  currency: t.string,
})
export type Seller = t.TypeOf<typeof Seller>

export const getSeller = route({
  method: 'GET',
  path: '/square/get-seller',
  access: 'public',
  summary: 'What the card form needs',
  description: "The processor's application and location ids the card form needs for a location.",
  query: queryOf({}, { location: StringFromQuery }),
  responses: { 200: Seller, ...errors(400, 404) },
})

/** The three outcomes of a card setup (spec section 4). */
export const SetupIntentStatus = literals(['succeeded', 'processing', 'requires_payment_method'], 'SetupIntentStatus')
export type SetupIntentStatus = t.TypeOf<typeof SetupIntentStatus>

export const SetupIntent = entity('SetupIntent', { id: t.string, clientSecret: t.string, status: SetupIntentStatus }, {
  customerId: ObjectId,
  /** the stored card once succeeded */
  card: StoredCard,
  /**
   * The customer asked for the card to become the default (createSetupIntent's isDefaultCard): the
   * server makes it so once the setup succeeds. A new setup after a failed one carries it on.
   */
  isDefaultCard: t.boolean,
  /** hosted page where the customer enters the card; returns to /app?setup_intent_client_secret=... */
  setupUrl: t.string,
  /**
   * The processor has no setup intents (Square): the browser tokenises the card with the processor's
   * SDK and posts the nonce to this call (POST /square/add-customer-card); id and clientSecret are
   * then 'card-on-file' and nothing can be retrieved by them.
   */
  addCardPath: t.string,
})
export type SetupIntent = t.TypeOf<typeof SetupIntent>

/**
 * Not in the spec's table (a provider call there). Designed: start a card setup for the customer.
 * `isDefaultCard`: the card becomes the default once saved; the client asks for the setup when the
 * customer confirms the card, when the 'default' box says what they want.
 */
export const createSetupIntent = route({
  method: 'POST',
  path: '/card-setup-intents',
  access: 'customer',
  summary: 'Start storing a card',
  description: 'A setup intent whose client secret the card form uses to store a card for the signed-in customer.',
  body: bodyOf({ customerId: ObjectId }, { isDefaultCard: t.boolean }),
  responses: { 200: SetupIntent, ...errors(400, 401, 403, 404) },
})

/** 'a card payment provider setup-intent retrieve by client secret' (spec section 7, other calls). */
export const getSetupIntent = route({
  method: 'GET',
  path: '/card-setup-intents/{clientSecret}',
  access: 'optionalCustomer',
  summary: 'The state of a card setup',
  description: "A setup intent by its client secret; with a customer token, only that customer's.",
  params: t.type({ clientSecret: NonEmptyString }),
  responses: { 200: SetupIntent, ...errors(400, 404) },
})
