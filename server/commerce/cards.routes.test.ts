import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, DEMO, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from '../test-support/test-server'

let t: TestServer
let demo: string
let other: string
let offsetMs = 0
beforeAll(async () => {
  t = await buildTestServer({ clock: () => new Date(Date.now() + offsetMs) })
  demo = await t.login(DEMO_CUSTOMER)
  other = await t.login(OTHER_CUSTOMER)
})
afterAll(() => t.close())

const good = { cardNo: '4242424242424242', expDate: '12/39', cvv: '123', postCode: 'SW1A 1AA' }
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload ? { payload } : {}) })
const tokenize = async (card: object = good) => t.app.inject({ method: 'POST', url: '/sandbox/tokenize', payload: card })
const nonce = async (card: object = good) => (await tokenize(card)).json().nonce as string

describe('stored cards', () => {
  it('is connected to the sandbox processor and names a seller', async () => {
    expect((await inject('GET', '/api/square/is-connected')).json()).toEqual({ isConnected: true, provider: 'sandbox' })
    expect((await inject('GET', `/api/square/get-seller?location=${DEMO.clinicLondon}`)).json()).toMatchObject({
      locationId: DEMO.clinicLondon,
      provider: 'sandbox',
      tokenizerUrl: '/sandbox/tokenize',
      currency: 'GBP',
    })
  })

  it('serves the tokenizer page and refuses bad cards with the spec texts', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/tokenize' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<label for="postCode">Postal code</label>')
    expect((await tokenize({ ...good, cardNo: '1234' })).json()).toMatchObject({ statusCode: 402, message: 'Card number is not correct.' })
    expect((await tokenize({ ...good, cardNo: '4000000000000002' })).json()).toMatchObject({ message: 'Unhandled request.' })
  })

  it('adds, lists, defaults and deletes cards; only for the signed-in customer', async () => {
    expect((await inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`, demo)).json()).toEqual([])
    const first = await inject('POST', '/api/square/add-customer-card', demo, { cardNonce: await nonce(), customerId: DEMO.customerDemo })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ last_4: '4242', card_brand: 'VISA', exp_month: 12, exp_year: 2039, isDefaultCard: true })
    const second = (await inject('POST', '/api/square/add-customer-card', demo, { cardNonce: await nonce({ ...good, cardNo: '5555555555554444' }), customerId: DEMO.customerDemo, isDefaultCard: false })).json()
    expect(second).toMatchObject({ last_4: '4444', isDefaultCard: false })

    const listed = (await inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`, demo)).json()
    expect(listed.map((c: { last_4: string; isDefaultCard: boolean }) => [c.last_4, c.isDefaultCard])).toEqual([['4242', true], ['4444', false]])

    const defaulted = (await inject('PUT', `/api/customers/default-card/${DEMO.customerDemo}`, demo, { cardId: second.id })).json()
    expect(defaulted.find((c: { id: string }) => c.id === second.id).isDefaultCard).toBe(true)

    // Another customer sees and changes nothing.
    expect((await inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`, other)).statusCode).toBe(403)
    expect((await inject('DELETE', `/api/square/delete-customer-cards/${DEMO.customerDemo}`, other, { cards: [{ id: second.id }] })).statusCode).toBe(403)
    expect((await inject('PUT', `/api/customers/default-card/${DEMO.customerDemo}`, other, { cardId: second.id })).statusCode).toBe(403)
    expect((await inject('POST', '/api/square/add-customer-card', other, { cardNonce: await nonce(), customerId: DEMO.customerDemo })).statusCode).toBe(403)
    expect((await inject('GET', `/api/square/get-customer-cards/${DEMO.customerDemo}`)).statusCode).toBe(401)

    const remaining = (await inject('DELETE', `/api/square/delete-customer-cards/${DEMO.customerDemo}`, demo, { cards: [{ id: second.id }] })).json()
    expect(remaining.map((c: { last_4: string; isDefaultCard: boolean }) => [c.last_4, c.isDefaultCard])).toEqual([['4242', true]])
    expect((await inject('DELETE', `/api/square/delete-customer-cards/${DEMO.customerDemo}`, demo, { cards: [{ id: 'ccof_missing' }] })).statusCode).toBe(404)
  })

  it('refuses a used or unknown nonce and bad input', async () => {
    const n = await nonce()
    expect((await inject('POST', '/api/square/add-customer-card', other, { cardNonce: n, customerId: DEMO.customerOther })).statusCode).toBe(200)
    const again = await inject('POST', '/api/square/add-customer-card', other, { cardNonce: n, customerId: DEMO.customerOther })
    expect(again.statusCode).toBe(400)
    expect(again.json().message).toBe('Card number is not correct.')
    expect((await inject('POST', '/api/square/add-customer-card', other, { cardNonce: '', customerId: DEMO.customerOther })).statusCode).toBe(400)
    expect((await inject('PUT', `/api/customers/default-card/${DEMO.customerOther}`, other, { cardId: 'ccof_missing' })).statusCode).toBe(404)
  })
})

describe('card setup intents', () => {
  const create = async () => {
    const res = await inject('POST', '/api/card-setup-intents', demo, { customerId: DEMO.customerDemo })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { clientSecret: string; status: string; setupUrl: string }
  }
  const retrieve = async (secret: string) => (await inject('GET', `/api/card-setup-intents/${encodeURIComponent(secret)}`)).json()
  const confirm = (secret: string, card: object) => t.app.inject({ method: 'POST', url: `/sandbox/setup/${encodeURIComponent(secret)}`, payload: card })

  it('succeeded: the card is saved', async () => {
    const intent = await create()
    expect(intent.status).toBe('requires_payment_method')
    const page = await t.app.inject({ method: 'GET', url: intent.setupUrl })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('/app')
    expect((await confirm(intent.clientSecret, good)).json()).toMatchObject({ status: 'succeeded' })
    expect(await retrieve(intent.clientSecret)).toMatchObject({ status: 'succeeded', card: { last_4: '4242' } })
  })

  it('requires_payment_method when the card is declined', async () => {
    const intent = await create()
    expect((await confirm(intent.clientSecret, { ...good, cardNo: '4000000000000002' })).json()).toMatchObject({ message: 'Unhandled request.' })
    expect(await retrieve(intent.clientSecret)).toMatchObject({ status: 'requires_payment_method' })
  })

  it('processing, then succeeded a few seconds after the first look', async () => {
    const intent = await create()
    expect((await confirm(intent.clientSecret, { ...good, cardNo: '4000000000003220' })).json()).toMatchObject({ status: 'processing' })
    try {
      // The customer's way back took longer than the processing: their first look still sees it processing.
      offsetMs = 10_000
      expect(await retrieve(intent.clientSecret)).toMatchObject({ status: 'processing' })
      offsetMs = 12_000
      expect(await retrieve(intent.clientSecret)).toMatchObject({ status: 'processing' })
      offsetMs = 14_000
      expect(await retrieve(intent.clientSecret)).toMatchObject({ status: 'succeeded' })
    } finally {
      offsetMs = 0
    }
  })

  it('only for the signed-in customer; unknown secrets are 404', async () => {
    expect((await inject('POST', '/api/card-setup-intents', other, { customerId: DEMO.customerDemo })).statusCode).toBe(403)
    expect((await inject('POST', '/api/card-setup-intents', undefined, { customerId: DEMO.customerDemo })).statusCode).toBe(401)
    expect((await inject('GET', '/api/card-setup-intents/seti_nope')).statusCode).toBe(404)
  })
})

describe("card setup: the customer's 'default' choice (the sandbox's setup page)", () => {
  type Card = { id: string; last_4: string; isDefaultCard: boolean }
  const mastercard = { ...good, cardNo: '5555555555554444' }
  const cardsOf = async (): Promise<Card[]> => (await inject('GET', `/api/square/get-customer-cards/${DEMO.customerOther}`, other)).json()
  const defaults = async () => (await cardsOf()).filter((c) => c.isDefaultCard).map((c) => c.last_4)
  const startSetup = async (isDefaultCard?: boolean) => {
    const res = await inject('POST', '/api/card-setup-intents', other, { customerId: DEMO.customerOther, ...(isDefaultCard === undefined ? {} : { isDefaultCard }) })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as { clientSecret: string; setupUrl: string; isDefaultCard?: boolean }
  }
  const save = async (secret: string, card: object) => (await t.app.inject({ method: 'POST', url: `/sandbox/setup/${encodeURIComponent(secret)}`, payload: card })).json()
  /** The result dialog's read once the page sent the customer back to /app (no token: a new page). */
  const result = async (secret: string) => (await inject('GET', `/api/card-setup-intents/${encodeURIComponent(secret)}`)).json()
  async function withOneCard(): Promise<void> {
    const existing = await cardsOf()
    if (existing.length) await inject('DELETE', `/api/square/delete-customer-cards/${DEMO.customerOther}`, other, { cards: existing.map((c) => ({ id: c.id })) })
    const first = await startSetup()
    expect(await save(first.clientSecret, good)).toMatchObject({ status: 'succeeded' })
    expect(await defaults()).toEqual(['4242'])
  }

  it("a second card saved with 'default' ticked becomes the default; the old one is no longer", async () => {
    await withOneCard()
    const setup = await startSetup(true)
    expect(setup.isDefaultCard).toBe(true)
    expect(await save(setup.clientSecret, mastercard)).toMatchObject({ status: 'succeeded' })
    expect(await result(setup.clientSecret)).toMatchObject({ status: 'succeeded', isDefaultCard: true, card: { last_4: '4444', isDefaultCard: true } })
    expect((await cardsOf()).map((c) => [c.last_4, c.isDefaultCard])).toEqual([['4242', false], ['4444', true]])
  })

  it('without the tick the old default stays', async () => {
    await withOneCard()
    const setup = await startSetup(false)
    await save(setup.clientSecret, mastercard)
    expect(await result(setup.clientSecret)).toMatchObject({ isDefaultCard: false, card: { last_4: '4444', isDefaultCard: false } })
    expect(await defaults()).toEqual(['4242'])
  })

  it('the page applies the choice when it saves the card, whether or not the customer gets back to /app', async () => {
    await withOneCard()
    const setup = await startSetup(true)
    await save(setup.clientSecret, mastercard)
    expect(await defaults()).toEqual(['4444'])
  })

  it('a card still processing becomes the default when it is saved, and only once', async () => {
    await withOneCard()
    const setup = await startSetup(true)
    expect(await save(setup.clientSecret, { ...good, cardNo: '4000000000003220' })).toMatchObject({ status: 'processing' })
    expect(await result(setup.clientSecret)).toMatchObject({ status: 'processing' })
    expect(await defaults()).toEqual(['4242'])
    offsetMs = 4000
    try {
      expect(await result(setup.clientSecret)).toMatchObject({ status: 'succeeded', card: { last_4: '3220', isDefaultCard: true } })
      const old = (await cardsOf()).find((c) => c.last_4 === '4242')!
      await inject('PUT', `/api/customers/default-card/${DEMO.customerOther}`, other, { cardId: old.id })
      expect((await result(setup.clientSecret)).card).toMatchObject({ last_4: '3220', isDefaultCard: false })
      expect(await defaults()).toEqual(['4242'])
    } finally {
      offsetMs = 0
    }
  })

  it('a default only implied (the first card listed, no choice written down) stays when a card is added without the tick', async () => {
    await withOneCard()
    await t.db.deleteFrom('commerce_default_cards').where('customer_id', '=', DEMO.customerOther).execute()
    const added = await inject('POST', '/api/square/add-customer-card', other, { cardNonce: await nonce(mastercard), customerId: DEMO.customerOther, isDefaultCard: false })
    expect(added.json()).toMatchObject({ last_4: '4444', isDefaultCard: false })
    const old = (await cardsOf()).find((c) => c.last_4 === '4242')!
    // Written down now: a processor listing the newest card first would otherwise move the default to it.
    const row = await t.db.selectFrom('commerce_default_cards').select('card_id').where('customer_id', '=', DEMO.customerOther).executeTakeFirst()
    expect(row?.card_id).toBe(old.id)
    expect(await defaults()).toEqual(['4242'])
  })
})

describe('card setups kept', () => {
  const setupRows = () => t.db.selectFrom('commerce_card_setups').select(['setup_intent_id', 'created_at']).where('customer_id', '=', DEMO.customerOther).execute()
  const start = async () => {
    const res = await inject('POST', '/api/card-setup-intents', other, { customerId: DEMO.customerOther, isDefaultCard: true })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as { id: string }).id
  }

  it('a setup left unfinished for more than 30 days is forgotten when another one starts; newer ones stay', async () => {
    const abandoned = await start()
    const recent = await start()
    expect((await setupRows()).map((r) => r.setup_intent_id)).toEqual(expect.arrayContaining([abandoned, recent]))
    await t.db.updateTable('commerce_card_setups').set({ created_at: new Date(Date.now() - 31 * 86_400_000) }).where('setup_intent_id', '=', abandoned).execute()
    await t.db.updateTable('commerce_card_setups').set({ created_at: new Date(Date.now() - 29 * 86_400_000) }).where('setup_intent_id', '=', recent).execute()
    const next = await start()
    const kept = (await setupRows()).map((r) => r.setup_intent_id)
    expect(kept).toEqual(expect.arrayContaining([recent, next]))
    expect(kept).not.toContain(abandoned)
  })
})
