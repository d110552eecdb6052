/**
 * Text the database cannot store (a lone UTF-16 surrogate, a NUL) is refused at the request edge with
 * a 400 and a clear message, on every kind of route: never a 500 from PostgreSQL's json or text input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_FORM_IDS } from '../commerce/commerce.seed'
import { buildTestServer, DEMO, DEMO_CUSTOMER, type TestServer } from '../test-support/test-server'

let t: TestServer
let token: string
beforeAll(async () => {
  t = await buildTestServer()
  token = await t.login(DEMO_CUSTOMER)
})
afterAll(() => t.close())

const LONE_HIGH = '\ud800'
const LONE_LOW = '\udc00'

const send = (method: 'POST' | 'PUT', url: string, body: unknown, auth?: string) =>
  t.app.inject({
    method,
    url,
    // JSON.stringify writes a lone surrogate as the escape \ud800, as a browser or curl would send it.
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(auth ? t.auth(auth) : {}) },
  })

const register = (name: string) => ({
  title: 'Mrs', name, surname: 'Lee', dob: '1990-01-01T12:00:00.000Z', gender: 'Female',
  email: `lee.${Math.random().toString(36).slice(2)}@example.com`, mobile: '07700900123', password: 'Secret123',
})

function expect400(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({ statusCode: 400, message: `Invalid body: a text contains an invalid character (a lone UTF-16 surrogate) (${field}).` })
}

describe('unstorable text is a 400, never a 500', () => {
  it('register, personal details, lead and form answers with a lone surrogate', async () => {
    expect400(await send('POST', '/api/user/customer/register', register(`Ann${LONE_HIGH}`)), 'name')
    expect400(await send('PUT', `/api/customers/${DEMO.customerDemo}`, { firstName: `J${LONE_LOW}ane` }, token), 'firstName')
    expect400(await send('POST', '/api/customers-lead?from=customer', { firstName: 'Ann', surname: `Lee${LONE_LOW}`, email: 'ann@example.com' }), 'surname')
    const form = await send('POST', `/api/forms/user-form/update/${SEED_FORM_IDS.medical}/public`, { data: { 'mh-gp': `Dr ${LONE_HIGH}Patel` } })
    expect400(form, 'data.mh-gp')
  })

  it('a lone surrogate in a field name of free-form answers', async () => {
    const res = await send('POST', `/api/forms/user-form/update/${SEED_FORM_IDS.medical}/public`, { data: { [`mh${LONE_HIGH}`]: 'x' } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, message: 'Invalid body: a field name contains an invalid character (a lone UTF-16 surrogate).' })
  })

  it('a NUL in form answers (json storage) is a 400 too', async () => {
    const res = await send('POST', `/api/forms/user-form/update/${SEED_FORM_IDS.medical}/public`, { data: { 'mh-gp': 'Dr\u0000Patel' } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ statusCode: 400, message: 'Invalid body: a text may not contain NUL characters (data.mh-gp).' })
  })

  it('a well-formed pair (an emoji) is stored and read back unchanged', async () => {
    const res = await send('PUT', `/api/customers/${DEMO.customerDemo}`, { middleName: 'Rose 🌹' }, token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().middleName).toBe('Rose 🌹')
  })
})
