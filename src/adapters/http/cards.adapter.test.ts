import { describe, expect, it } from 'vitest'
import * as E from 'fp-ts/Either'
import { HttpCardsApi } from './cards.adapter'
import { api, id, testHttp, useNock } from './test-support'

useNock()
const cards = new HttpCardsApi(testHttp())
const card = { id: 'card_1', last_4: '4242', card_brand: 'VISA', exp_month: 12, exp_year: 2030, isDefaultCard: true }

describe('HttpCardsApi', () => {
  it('GET /square/get-customer-cards/{id}', async () => {
    api().get(`/api/square/get-customer-cards/${id(7)}`).reply(200, [card])
    expect(await cards.list(id(7))).toEqual(E.right([card]))
  })

  it('POST /square/add-customer-card, and a card error keeps its text', async () => {
    api().post('/api/square/add-customer-card', { cardNonce: 'nonce', customerId: id(7), isDefaultCard: true }).reply(200, card)
    expect(await cards.add({ cardNonce: 'nonce', customerId: id(7), isDefaultCard: true })).toEqual(E.right(card))
    api().post('/api/square/add-customer-card').reply(400, { statusCode: 400, message: 'CVV is not correct.' })
    const refused = await cards.add({ cardNonce: 'bad', customerId: id(7) })
    expect(E.isLeft(refused) && refused.left._tag === 'HttpError' && refused.left.message).toBe('CVV is not correct.')
  })

  it('DELETE /square/delete-customer-cards/{id} with {cards}, PUT /customers/default-card/{id}', async () => {
    api().delete(`/api/square/delete-customer-cards/${id(7)}`, { cards: [{ id: 'card_1' }] }).reply(200, [])
    api().put(`/api/customers/default-card/${id(7)}`, { cardId: 'card_2' }).reply(200, [card])
    expect(await cards.remove(id(7), ['card_1'])).toEqual(E.right([]))
    expect(await cards.setDefault(id(7), 'card_2')).toEqual(E.right([card]))
  })

  it('GET /square/is-connected, GET /square/get-seller?location=', async () => {
    api().get('/api/square/is-connected').reply(200, { isConnected: true })
    api().get('/api/square/get-seller').query({ location: id(1) }).reply(200, { applicationId: 'app', locationId: 'loc' })
    expect(await cards.isConnected()).toEqual(E.right({ isConnected: true }))
    expect(await cards.seller(id(1))).toEqual(E.right({ applicationId: 'app', locationId: 'loc' }))
  })

  it('POST /card-setup-intents and GET /card-setup-intents/{clientSecret}', async () => {
    const intent = { id: 'si_1', clientSecret: 'sec/1', status: 'processing' }
    api().post('/api/card-setup-intents', { customerId: id(7) }).reply(200, intent)
    api().get('/api/card-setup-intents/sec%2F1').reply(200, intent)
    expect(await cards.createSetupIntent(id(7))).toEqual(E.right(intent))
    expect(await cards.setupIntent('sec/1')).toEqual(E.right(intent))
  })
})
