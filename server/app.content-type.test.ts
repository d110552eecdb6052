import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestServer, DEMO_CUSTOMER, OTHER_CUSTOMER, type TestServer } from './test-support/test-server'

let t: TestServer
beforeAll(async () => {
  t = await buildTestServer()
})
afterAll(() => t.close())

const FORM = 'application/x-www-form-urlencoded'

describe('requests without a body', () => {
  it('are served whatever Content-Type they name (axios on node sends a form type)', async () => {
    const token = await t.login(DEMO_CUSTOMER)
    for (const contentType of [FORM, 'application/json', 'text/plain', 'application/octet-stream']) {
      for (const headers of [{ 'content-type': contentType }, { 'content-type': contentType, 'content-length': '0' }]) {
        const forgot = await t.app.inject({ method: 'POST', url: `/api/user/forgot-password/${OTHER_CUSTOMER.email}`, headers })
        expect(forgot.statusCode, `${contentType} ${forgot.body}`).toBe(200)
        // A bodiless PUT of a signed-in customer: an unknown hold answers 404, never 415 or 400.
        const release = await t.app.inject({
          method: 'PUT',
          url: '/api/appointments/delete-pending/000000000000000000000fff',
          headers: { ...headers, ...t.auth(token) },
        })
        expect(release.statusCode, `${contentType} ${release.body}`).toBe(404)
      }
    }
  })

  it('a route that needs a body still answers 400 with a message when it is missing', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', headers: { 'content-type': FORM } })
    expect(login.statusCode).toBe(400)
    expect(login.json().message).toMatch(/body/)
  })

  it('a body of a type the API does not read is still refused with 415', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login?from=customer',
      headers: { 'content-type': FORM },
      payload: 'email=demo%40example.com&password=Demo1234',
    })
    expect(login.statusCode).toBe(415)
    const json = await t.app.inject({ method: 'POST', url: '/api/login?from=customer', payload: DEMO_CUSTOMER })
    expect(json.statusCode).toBe(200)
  })
})
